import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { LimiterOptions } from "../state";
import { budget, type Budget as StateBudget } from "../state/budget";

/*
 * Four budgets (lib/state/budget.ts: in memory for one instance; in Redis, shared by every
 * instance, when REDIS_URL is set). Their names name them in counters and logs:
 *  - per client (`newsletter-client`), before the body is read: one browser or script cannot
 *    hammer the form;
 *  - per holder (`newsletter-network`: an IPv4 /24, an IPv6 /48, lib/http/client-key.ts),
 *    only for well-formed signups that reach the subscribe step: a holder of many addresses
 *    shares one budget, so fifty addresses are not fifty times the allowance, and requests the form
 *    refuses anyway (a bad address, a malformed body) cannot spend it for the network's other
 *    readers (an office, a campus, carrier-grade NAT);
 *  - per mailbox (`newsletter-address`): nobody can flood a victim's inbox with confirmation
 *    emails from many clients, however the address is written (lib/delivery/address-key.ts);
 *  - site-wide: how many signups are accepted (sent or stored for delivery) per minute, however
 *    many networks ask. Half of what delivery sends at its default pace (10 a second), so the
 *    queue of stored signups cannot grow under a flood and a real reader's confirmation is never
 *    far behind. A part of it (`newsletter-global-reserved`) is kept for a holder's first few
 *    signups in its window, the rest (`newsletter-global`) is open to all: a flood from many
 *    holders spends the open part, and to spend the reserved part as well it needs a fresh
 *    holder for every few signups (hundreds of IPv4 /24s or IPv6 /48s every ten minutes: the
 *    subnets of one /48 are one holder), while a reader from a holder that has not signed
 *    anybody up lately still gets in.
 */

export type Budget = { points: number; durationSeconds: number };
export type NewsletterLimits = {
  perClient: Budget;
  perNetwork: Budget;
  perAddress: Budget;
  /** The site-wide cap: all that is accepted, the reserved part included. */
  global: Budget;
  /** The part of `global` kept for networks that have taken at most `firstSignups` of their own budget. */
  reserved: { share: number; firstSignups: number };
};

export const DEFAULT_LIMITS: NewsletterLimits = {
  // A reader fixing a typo or two fits easily; a script does not.
  perClient: { points: 20, durationSeconds: 10 * 60 },
  // An office or campus behind one block: many readers fit; a flood from one block stores 100.
  perNetwork: { points: 100, durationSeconds: 10 * 60 },
  perAddress: { points: 3, durationSeconds: 60 * 60 },
  global: { points: 300, durationSeconds: 60 },
  // 100 a minute for first signups: 40 networks flooding take at most 120 of its 1,000 in ten minutes.
  reserved: { share: 1 / 3, firstSignups: 3 },
};

export type NewsletterLimiters = {
  perClient: StateBudget;
  perNetwork: StateBudget;
  perAddress: StateBudget;
  /** The open part of the site-wide cap. */
  global: StateBudget;
  /** The reserved part, and the signups of a network's budget that may use it. */
  reserved: StateBudget;
  firstSignups: number;
};

/**
 * The four budgets. `source` is lib/state's limiter (the app's); tests that need counters of
 * their own pass another engine's (`createStateEngine(...).limiter`). A store that cannot
 * answer lets the signup through: readers should not lose the form because the counter store is
 * down, and the other budgets still apply.
 */
export function createNewsletterLimiters(
  limits: NewsletterLimits = DEFAULT_LIMITS,
  source?: (opts: LimiterOptions) => RateLimiterAbstract,
): NewsletterLimiters {
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

/**
 * One accepted signup from the site-wide cap, for a network that has used `networkUsed` of its
 * own budget: the open part first, then, for a network's first few signups, the reserved part.
 * Null when allowed, else the whole seconds to wait.
 */
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
