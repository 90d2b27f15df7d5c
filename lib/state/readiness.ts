import "server-only";
import { stateHealth } from "./index";
import { processState } from "./redis-fail-fast.mjs";

/*
 * Readiness for load balancers. An instance whose Redis is unreachable still serves every
 * page (from its cache or a fresh render), takes signups (limits from its in-memory insurance
 * limiter) and signs admins in, and Redis is shared, so it is down for every instance at once:
 * answering 503 would take the whole fleet out of rotation for a fault that costs readers
 * nothing. So Redis down is reported as "degraded" with 200, for monitoring to alert on; the
 * answer is 503 when the instance cannot serve at all (its configuration is invalid) or is
 * shutting down ("draining", from the moment it gets SIGTERM: lib/launcher/shutdown.ts), and
 * "starting" while what it loads at start (the blog store and its search index, whileStarting)
 * is on its way, so a front sends readers to an instance that has them. A part that cannot work
 * on this instance while Redis answers (its delivery queue stuck) reports its problem
 * (reportProblem): 503 "unavailable" with the reason, since it is this instance's fault alone.
 * One PING at most (250 ms timeout, none while the connection is known down): cheap to poll.
 */

export type Readiness = {
  status: 200 | 503;
  body: {
    status: "ready" | "degraded" | "unavailable" | "draining" | "starting";
    state?: "embedded" | "redis";
    redis?: "up" | "down";
    reason?: string;
  };
};

/** One per process, whichever of Next's bundles (instrumentation, the route) reads it. */
const lifecycle = () => processState().lifecycle;

/** `check` says why this instance cannot work now although Redis answers, or null. */
export function reportProblem(name: string, check: () => string | null): void {
  lifecycle().problems.set(name, check);
}

/** Readiness answers 503 "starting" until `loaded` settles (whether it succeeded or not). */
export function whileStarting(name: string, loaded: Promise<unknown>): Promise<void> {
  const { starting } = lifecycle();
  starting.add(name);
  return loaded.then(
    () => void starting.delete(name),
    () => void starting.delete(name),
  );
}

/** From now on this instance answers readiness with 503 "draining" (shutdown). */
export function markDraining(): void {
  lifecycle().draining = true;
}

export function isDraining(): boolean {
  return lifecycle().draining;
}

export async function readiness(): Promise<Readiness> {
  if (isDraining()) return { status: 503, body: { status: "draining" } };
  if (lifecycle().starting.size > 0) return { status: 503, body: { status: "starting" } };
  let health;
  try {
    health = await stateHealth();
  } catch {
    // stateHealth only throws when the configuration cannot be read: this instance serves nothing.
    return { status: 503, body: { status: "unavailable" } };
  }
  if (health.engine === "embedded") return { status: 200, body: { status: "ready", state: "embedded" } };
  if (health.redis === "up")
    for (const check of lifecycle().problems.values()) {
      const reason = check();
      if (reason)
        return { status: 503, body: { status: "unavailable", state: "redis", redis: "up", reason } };
    }
  return {
    status: 200,
    body: { status: health.redis === "up" ? "ready" : "degraded", state: "redis", redis: health.redis },
  };
}
