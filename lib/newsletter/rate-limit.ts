import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { LimiterOptions } from "../state";
import { budget } from "../state/budget";

/*
 * Per client (before the body is read), per holder (fifty addresses of one network are not fifty
 * allowances), per mailbox (nobody floods an inbox with confirmations), and site-wide at half of
 * delivery's default pace, so stored signups cannot pile up. A reserved part takes only a holder's
 * first few, so a flood from many holders cannot shut out a network that signed nobody up lately.
 */

type Budget = { points: number; durationSeconds: number };

export const DEFAULT_LIMITS = {
  // A reader fixing a typo or two fits easily; a script does not.
  perClient: { points: 20, durationSeconds: 10 * 60 },
  // An office or campus behind one block: many readers fit; a flood from one block stores 100.
  perNetwork: { points: 100, durationSeconds: 10 * 60 },
  perAddress: { points: 3, durationSeconds: 60 * 60 },
  // All that is accepted, the reserved part included.
  global: { points: 300, durationSeconds: 60 },
  // Kept for networks that have taken at most `firstSignups` of their own budget: 100 a minute, so
  // 40 networks flooding take at most 120 of its 1,000 in ten minutes.
  reserved: { share: 1 / 3, firstSignups: 3 },
};

export type NewsletterLimiters = ReturnType<typeof createNewsletterLimiters>;

/** `source`: another engine's limiter, for tests. A counter store that cannot answer lets signups through. */
export function createNewsletterLimiters(
  limits: typeof DEFAULT_LIMITS = DEFAULT_LIMITS,
  source?: (opts: LimiterOptions) => RateLimiterAbstract,
) {
  const make = (name: string, b: Budget) => budget(name, b, { onStoreFailure: "allow", source });
  const reserved = Math.floor(limits.global.points * limits.reserved.share);
  return {
    perClient: make("newsletter-client", limits.perClient),
    perNetwork: make("newsletter-network", limits.perNetwork),
    perAddress: make("newsletter-address", limits.perAddress),
    global: make("newsletter-global", { ...limits.global, points: limits.global.points - reserved }),
    // rate-limiter-flexible wants at least one point; a reserve of none is never used.
    reserved: make("newsletter-global-reserved", { ...limits.global, points: Math.max(1, reserved) }),
    firstSignups: reserved > 0 ? limits.reserved.firstSignups : 0,
  };
}

/** One signup from the site-wide cap: the open part, then for a network's first few, the reserved part. Null, or the seconds to wait. */
export async function takeSiteWide(
  limiters: NewsletterLimiters,
  networkUsed: number,
): Promise<number | null> {
  const first = networkUsed <= limiters.firstSignups;
  const open = await limiters.global.take("all", { counted: !first });
  if (open.ok) return null;
  if (!first) return open.wait;
  const reserved = await limiters.reserved.take("all");
  return reserved.ok ? null : reserved.wait;
}
