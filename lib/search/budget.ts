import { createGate, GateBusyError } from "../http/concurrency-gate";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * The site-wide search budget, beside the per-client and per-network limits (rate-limit.ts).
 * Every search ranks on this process's event loop, the one that serves every page, so enough
 * clients each within their own allowance could still keep it busy: 20 addresses at one search
 * a second, at 10,000 posts, took a cached page from 3 ms to 2 s. Per process, because it is
 * this process's time:
 *  - at most `concurrency` searches under way at once (waiting for the index, ranking);
 *  - searches may take at most `msPerSecond` of each second on average (a token bucket of
 *    milliseconds holding at most `burstMs`), so pages keep the rest of the core. A search is
 *    charged its whole time, not only its ranking: ranking as it happens (so a burst sees its
 *    cost at once), then, once the page has been sent, the rest of the request (rendering the
 *    results is most of a search's cost).
 *
 * Shared between holders (an IPv4 /24, an IPv6 /48: lib/http/client-network.ts) once it is
 * contended, so a flood from a few holders, however many addresses each holds, cannot spend it
 * for everyone. While more than half the site's bucket is left, anyone searches. Below that, a
 * network searches only while a bucket of its own has time left: it refills at the network's
 * share of the rate (and holds its share of the burst), one over the networks that asked within
 * `windowSeconds`, counting one share more for a network that has not searched lately. The
 * shares add up to less than the site's rate, so the site's bucket keeps time for a reader who
 * searches now and then; and a network whose own bucket is full (it has not used its share
 * lately) may overdraw the site's bucket by half its size. With 30 networks flooding, a share is
 * 250 / 32 ≈ 8 ms of ranking a second: a reader searching less often than that costs is served;
 * one searching more often gets about that share.
 * Beyond all of that the search is refused at once (SearchBusyError), before the index or the
 * ranking is touched: the page says "try again in a moment" instead of queueing work. Each
 * query's own cost is bounded in query-plan.ts.
 */

export type SearchBudgetLimits = {
  concurrency: number;
  msPerSecond: number;
  burstMs: number;
  /** A network that has not asked for a search this long no longer counts as searching. */
  windowSeconds: number;
};

export const SEARCH_BUDGET: SearchBudgetLimits = {
  concurrency: 4,
  msPerSecond: 250,
  burstMs: 500,
  windowSeconds: 30,
};

/** Networks remembered at most; beyond it the oldest is forgotten (a flood of networks cannot grow memory). */
const MAX_NETWORKS = 10_000;

export class SearchBusyError extends Error {
  constructor() {
    super("search busy");
    this.name = "SearchBusyError";
  }
}

/** Records `ms` of ranking against the holder the search runs for (engine.ts measures each ranking). */
export type ChargeRanking = (ms: number) => void;

export type SearchBudget = {
  /** Whether a search for `network` (a holder) may start now (refuse-early.ts asks before rendering). */
  admits(network: string): boolean;
  /** Runs one search for `network`, or throws SearchBusyError at once when it may not run now. */
  run<T>(network: string, search: (charge: ChargeRanking) => Promise<T>): Promise<T>;
  /** Charges `ms` more of a search's time (the part outside ranking: rendering, sending) to `network`. */
  charge(network: string, ms: number): void;
};

/** A token bucket of milliseconds. */
type Bucket = { ms: number; at: number };
/** A network's bucket, and when it last asked for a search. */
type NetworkBucket = Bucket & { seen: number };

export function createSearchBudget(
  limits: SearchBudgetLimits = SEARCH_BUDGET,
  now: () => number = () => performance.now(),
): SearchBudget {
  const gate = createGate({ concurrency: limits.concurrency, maxQueue: 0, maxWaitMs: 0 });
  const site: Bucket = { ms: limits.burstMs, at: now() };
  /** The networks that asked for a search within the window. */
  const networks = new Map<string, NetworkBucket>();
  const windowMs = limits.windowSeconds * 1000;

  const refill = (bucket: Bucket, t: number, share: number) => {
    bucket.ms = Math.min(
      limits.burstMs * share,
      bucket.ms + ((t - bucket.at) * limits.msPerSecond * share) / 1000,
    );
    bucket.at = t;
  };
  /**
   * A network's share of the site's rate and burst: one over the networks searching, counting one
   * more kept for a network that has not searched lately (a reader). Shares add up to less than
   * the site's budget, so the site's bucket keeps some time for that reader.
   */
  const shareOf = (network: string) => 1 / (networks.size + (networks.has(network) ? 0 : 1) + 1);
  /** The network's bucket (a new one is full), marked as asking now. */
  const networkBucket = (network: string, t: number): NetworkBucket => {
    const share = shareOf(network);
    let bucket = networks.get(network);
    if (bucket) refill(bucket, t, share);
    else {
      if (networks.size >= MAX_NETWORKS) networks.delete(networks.keys().next().value!);
      bucket = { ms: limits.burstMs * share, at: t, seen: t };
      networks.set(network, bucket);
    }
    bucket.seen = t;
    return bucket;
  };
  /** Forgets the networks that have not asked within the window, so shares grow as networks stop. */
  let prunedAt = -Infinity;
  const prune = (t: number) => {
    if (t - prunedAt < 1000) return;
    prunedAt = t;
    for (const [key, bucket] of networks) if (t - bucket.seen > windowMs) networks.delete(key);
  };

  const charge = (network: string, ms: number) => {
    const t = now();
    refill(site, t, 1);
    site.ms -= ms;
    networkBucket(network, t).ms -= ms;
  };

  /** Whether `network` may start a search now: time left on the site's bucket and on its own. */
  const admits = (network: string): boolean => {
    const t = now();
    prune(t);
    refill(site, t, 1);
    const own = networkBucket(network, t);
    // While more than half the site's bucket is left there is no contention: anyone searches.
    if (site.ms > limits.burstMs / 2) return true;
    if (own.ms <= 0) return false;
    // A network that has not used its share lately may overdraw the site's bucket a little.
    return site.ms > (own.ms >= limits.burstMs * shareOf(network) ? -limits.burstMs / 2 : 0);
  };

  return {
    admits: (network) => admits(network) && gate.load().running < limits.concurrency,
    // The rest of a request is charged at most the burst: a search that waited (for the index,
    // for a busy loop) must not lock its holder out for minutes.
    charge: (network, ms) => charge(network, Math.min(Math.max(0, ms), limits.burstMs)),
    async run(network, search) {
      if (!admits(network)) throw new SearchBusyError();
      try {
        return await gate.run(() => search((ms) => charge(network, ms)));
      } catch (error) {
        throw error instanceof GateBusyError ? new SearchBusyError() : error;
      }
    },
  };
}

/** This process's budget. */
export const searchBudget = () => processMemo("search.budget", () => createSearchBudget());
