import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { logLine } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { limitedFor, type LimiterOptions } from "./engine";
import { limiter } from "./index";

// Every budget of the site; its name is the `limit` label of masthead_rate_limited_total.

export type Taken = { ok: true; used: number } | { ok: false; wait: number; used: number };

export type Budget = {
  name: string;
  /** Takes a point for `key`; `counted: false` leaves a refusal uncounted (another budget may still let it through). */
  take(key: string, opts?: { counted?: boolean }): Promise<Taken>;
  reward(key: string, points?: number): Promise<void>;
  delete(key: string): Promise<void>;
};

type BudgetOptions = {
  /** A store that cannot answer at all: `allow` what readers ask (search, signups), `refuse` sign-ins. */
  onStoreFailure: "allow" | "refuse";
  /** Another engine's limiter, for tests that need counters of their own. */
  source?: (opts: LimiterOptions) => RateLimiterAbstract;
};

const STORE_FAILURE_WAIT_SECONDS = 60;

export function budget(
  name: string,
  limit: { points: number; durationSeconds: number },
  { onStoreFailure, source = limiter }: BudgetOptions,
): Budget {
  const made = () => source({ keyPrefix: name, ...limit });
  return {
    name,
    async take(key, { counted = true } = {}) {
      try {
        return { ok: true, used: (await made().consume(key)).consumedPoints };
      } catch (rejection) {
        const wait = limitedFor(rejection);
        if (wait !== null) {
          if (counted) metrics().rateLimited.inc({ limit: name });
          return { ok: false, wait, used: (rejection as { consumedPoints: number }).consumedPoints };
        }
        logLine("state")(
          `the counter store of ${name} failed (${rejection instanceof Error ? rejection.name : "unknown"}); ${onStoreFailure === "allow" ? "allowing" : "refusing"} the request`,
        );
        if (onStoreFailure === "allow") return { ok: true, used: 0 };
        return { ok: false, wait: STORE_FAILURE_WAIT_SECONDS, used: 0 };
      }
    },
    async reward(key, points = 1) {
      await made()
        .reward(key, points)
        .catch(() => {});
    },
    delete: async (key) => void (await made().delete(key)),
  };
}

/** One point from each budget in turn, stopping at the first refusal: null, or the seconds to wait. */
export async function takeEach(steps: readonly (readonly [Budget, string])[]): Promise<number | null> {
  for (const [b, key] of steps) {
    const taken = await b.take(key);
    if (!taken.ok) return taken.wait;
  }
  return null;
}
