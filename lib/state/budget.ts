import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { logLine } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { limitedFor, limiter, type LimiterOptions } from "./index";

/*
 * Every budget of the site (search, signups, sign-ins, passkey options, unlock) is one of these:
 * a rate-limiter-flexible limiter from lib/state (in memory, or in Redis with an in-memory
 * insurance limiter, shared by every instance) keyed by what lib/http/client-key.ts says of who
 * is asking. Its name is the limiter's key prefix and the `limit` label of
 * masthead_rate_limited_total.
 */

export type Taken = { ok: true; used: number } | { ok: false; wait: number; used: number };

export type Budget = {
  name: string;
  /**
   * Takes a point for `key`, in one atomic step (an increment in memory or in Redis).
   * `counted: false` leaves a refusal out of masthead_rate_limited_total (another budget may
   * still let the request through).
   */
  take(key: string, opts?: { counted?: boolean }): Promise<Taken>;
  /** Gives `points` back (an attempt that turned out rightful, a signup that was not sent). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key` (an unlock, a device that signed in). */
  delete(key: string): Promise<void>;
};

export type BudgetOptions = {
  /**
   * What a store that cannot answer at all (not even its insurance limiter) means: `allow` for
   * what readers ask (search, signups: they should not lose the site because the counters are
   * down), `refuse` for sign-ins (wait a minute).
   */
  onStoreFailure: "allow" | "refuse";
  /** lib/state's limiter (the app's); tests that need counters of their own pass another engine's. */
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

/**
 * Takes one point from each budget in turn (a client's, then its holder's…), stopping at the
 * first that refuses: null when all had one, else the seconds to wait.
 */
export async function takeEach(steps: readonly (readonly [Budget, string])[]): Promise<number | null> {
  for (const [b, key] of steps) {
    const taken = await b.take(key);
    if (!taken.ok) return taken.wait;
  }
  return null;
}
