import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { metrics } from "../observability/metrics";
import { limitedFor, limiter, limitName, type LimiterOptions } from "../state";

/*
 * Four budgets, each a rate-limiter-flexible limiter from lib/state (in memory for one
 * instance; in Redis, shared by every instance, when REDIS_URL is set). Their key prefixes name
 * them in counters and logs:
 *  - per client (`newsletter-client`): one browser or script cannot hammer the form;
 *  - per network (`newsletter-network`): a holder of many addresses (an IPv6 /64, a block of
 *    IPv4 addresses) shares one budget, so fifty addresses are not fifty times the allowance;
 *  - per mailbox (`newsletter-address`): nobody can flood a victim's inbox with confirmation
 *    emails from many clients, however the address is written (lib/delivery/address-key.ts);
 *  - site-wide (`newsletter-global`): how many signups are accepted (sent or stored for
 *    delivery) per minute, however many networks ask. Half of what delivery sends at its
 *    default pace (10 a second), so the queue of stored signups cannot grow under a flood and a
 *    real reader's confirmation is never far behind.
 */

export type Budget = { points: number; durationSeconds: number };
export type NewsletterLimits = {
  perClient: Budget;
  perNetwork: Budget;
  perAddress: Budget;
  global: Budget;
};

export const DEFAULT_LIMITS: NewsletterLimits = {
  // A reader fixing a typo or two fits easily; a script does not.
  perClient: { points: 20, durationSeconds: 10 * 60 },
  // An office or campus behind one block: many readers fit; a flood from one block stores 100.
  perNetwork: { points: 100, durationSeconds: 10 * 60 },
  perAddress: { points: 3, durationSeconds: 60 * 60 },
  global: { points: 300, durationSeconds: 60 },
};

export type NewsletterLimiters = {
  perClient: RateLimiterAbstract;
  perNetwork: RateLimiterAbstract;
  perAddress: RateLimiterAbstract;
  global: RateLimiterAbstract;
};

/**
 * The four limiters. `source` is lib/state's limiter (the app's); tests that need counters of
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
    perNetwork: make("newsletter-network", limits.perNetwork),
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
