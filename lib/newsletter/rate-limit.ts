import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { metrics } from "../observability/metrics";
import { limitedFor, limiter, limitName, type LimiterOptions } from "../state";

/*
 * Three budgets, each a rate-limiter-flexible limiter from lib/state (in memory for one
 * instance; in Redis, shared by every instance, when REDIS_URL is set):
 *  - per client: one browser or script cannot hammer the form;
 *  - per address: nobody can flood a victim's inbox with confirmation emails from many clients;
 *  - global: a ceiling on what we send upstream, however many clients there are.
 */

export type Budget = { points: number; durationSeconds: number };
export type NewsletterLimits = { perClient: Budget; perAddress: Budget; global: Budget };

export const DEFAULT_LIMITS: NewsletterLimits = {
  // A reader fixing a typo or two fits easily; a script does not.
  perClient: { points: 20, durationSeconds: 10 * 60 },
  perAddress: { points: 3, durationSeconds: 60 * 60 },
  global: { points: 300, durationSeconds: 60 },
};

export type NewsletterLimiters = {
  perClient: RateLimiterAbstract;
  perAddress: RateLimiterAbstract;
  global: RateLimiterAbstract;
};

/**
 * The three limiters. `source` is lib/state's limiter (the app's); tests that need counters of
 * their own pass another engine's (`createStateEngine(...).limiter`).
 */
export function createNewsletterLimiters(
  limits: NewsletterLimits = DEFAULT_LIMITS,
  source: (opts: LimiterOptions) => RateLimiterAbstract = limiter,
): NewsletterLimiters {
  const make = (keyPrefix: string, b: Budget) =>
    source({ keyPrefix, points: b.points, durationSeconds: b.durationSeconds });
  return {
    perClient: make("newsletter-client", limits.perClient),
    perAddress: make("newsletter-address", limits.perAddress),
    global: make("newsletter-global", limits.global),
  };
}

/**
 * Takes one point. Returns null when allowed, else the whole seconds to wait (at least 1).
 * lib/state answers from its in-memory insurance limiter while Redis is down, so a store
 * failure should not reach here; if one does, the request goes through: readers should not
 * lose the form because the counter store is down, and the other budgets still apply.
 */
export async function take(
  limiter: RateLimiterAbstract,
  key: string,
  log: (line: string) => void,
): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    const wait = limitedFor(rejection);
    if (wait !== null) {
      metrics().rateLimited.inc({ limit: limitName(limiter) });
      return wait;
    }
    log(
      `rate limit store failed (${rejection instanceof Error ? rejection.name : "unknown"}); allowing the request`,
    );
    return null;
  }
}
