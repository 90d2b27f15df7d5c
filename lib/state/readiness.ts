import "server-only";
import { stateHealth } from "./index";
import { processState } from "./redis-fail-fast.mjs";

// Redis down is "degraded" with 200: every instance still serves with fallbacks, and a 503 would
// take the whole fleet out for a shared fault.

const lifecycle = () => processState().lifecycle;

/** `check` says why this instance cannot work now although Redis answers, or null. */
export function reportProblem(name: string, check: () => string | null): void {
  lifecycle().problems.set(name, check);
}

/** Readiness answers 503 "starting" until `loaded` settles (whether it succeeded or not). */
export function whileStarting(name: string, loaded: Promise<unknown>): Promise<void> {
  const { starting } = lifecycle();
  starting.add(name);
  const done = () => void starting.delete(name);
  return loaded.then(done, done);
}

export function markDraining(): void {
  lifecycle().draining = true;
}

export async function readiness() {
  if (lifecycle().draining) return { status: 503, body: { status: "draining" } };
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
