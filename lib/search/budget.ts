import { createGate, isGateBusy } from "../http/concurrency-gate";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * The site-wide search budget, beside the per-client and per-network limits (rate-limit.ts).
 * Every search ranks on this process's event loop, the one that serves every page, so enough
 * clients each within their own allowance could still keep it busy: a score of addresses at one
 * search a second each, on a large blog, made cached pages wait seconds (docs/performance.md,
 * "Search"). Per process, because it is this process's time:
 *  - at most `concurrency` searches under way at once (waiting for the index, ranking);
 *  - searches may take at most `msPerSecond` of each second on average (a token bucket of
 *    milliseconds holding at most `burstMs`), so pages keep the rest of the core. Set as high as
 *    a reader's cached page stays fast beside the searches (the bench's "search" section), since
 *    pages interleave with a search's render and each costs little: the larger the budget, the
 *    larger a flood from many networks it serves whole, the reader included; past it, the fair
 *    shares below refuse a reader who searches as often as each flooding network. A search is
 *    charged its whole time, not only its ranking: ranking as it happens (so a burst sees its
 *    cost at once), then, once the page has been sent, the rest of the request (rendering the
 *    results is most of a search's cost). The rest is the request's share of this process's
 *    time while it was under way: the CPU time this process used meanwhile, divided among the
 *    search requests under way at each moment (processor sharing on the one event loop), so
 *    searches that overlap are not each charged the others' time, and time the machine gave to
 *    other processes (a busy shared host) is not charged at all.
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
 * 600 / 32 ≈ 19 ms of search time a second: a reader searching less often than that costs is
 * served; one searching more often gets about that share.
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
  msPerSecond: 600,
  burstMs: 1_200,
  windowSeconds: 30,
};

/**
 * The most the rest of one request (beyond its ranking) is charged: a results page renders in a
 * few tens of milliseconds, and a search that waited (for the index after a start or a
 * revalidation, for a loop busy with a burst) must not put its holder and the site in debt for
 * many seconds.
 */
const MAX_REST_MS = 100;
/** The first estimate of a search's rest, before any search has been measured. */
const REST_ESTIMATE_MS = 20;

/** Networks remembered at most; beyond it the oldest is forgotten (a flood of networks cannot grow memory). */
const MAX_NETWORKS = 10_000;

export class SearchBusyError extends Error {
  /** What recognises the refusal (isSearchBusy), whichever copy of this module made it. */
  readonly code = "search_busy";
  constructor() {
    super("search busy");
    this.name = "SearchBusyError";
  }
}

/**
 * Whether `error` is the budget's refusal. By its code, not `instanceof`: the budget is one per
 * process (processMemo), made by whichever copy of this module asked first, and the site's
 * server loads one outside Next's bundles (refuse-early.ts).
 */
export function isSearchBusy(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "search_busy";
}

/** Records `ms` of ranking against the holder the search runs for (engine.ts measures each ranking). */
export type ChargeRanking = (ms: number) => void;

/** One search request, from the page's start to the response sent. */
export type SearchRequest = {
  /**
   * Runs its search like `run`; once admitted, the rest of the request is charged at once as
   * estimated from recent searches, so a burst sees its cost before the pages are sent.
   */
  run<T>(search: (charge: ChargeRanking) => Promise<T>): Promise<T>;
  /**
   * Once the response is sent: charges the rest of the request (its share of the process's
   * time, less its ranking), net of the estimate, and gives the ms it found.
   */
  end(): number;
};

export type SearchBudget = {
  /** Whether a search for `network` (a holder) may start now (refuse-early.ts asks before rendering). */
  admits(network: string): boolean;
  /** Runs one search for `network`, or throws SearchBusyError at once when it may not run now. */
  run<T>(network: string, search: (charge: ChargeRanking) => Promise<T>): Promise<T>;
  /** Starts one search request for `network`, charged its whole time (see above). */
  startRequest(network: string): SearchRequest;
};

/** A token bucket of milliseconds. */
type Bucket = { ms: number; at: number };
/** A network's bucket, and when it last asked for a search. */
type NetworkBucket = Bucket & { seen: number };

/** This process's CPU time so far, in ms (every thread: rendering, GC, the thread pool). */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * `now` is the buckets' clock; `cpuTime` the clock a request's rest is measured on (this
 * process's CPU time; tests give their own).
 */
export function createSearchBudget(
  limits: SearchBudgetLimits = SEARCH_BUDGET,
  now: () => number = () => performance.now(),
  cpuTime: () => number = processCpuMs,
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
    site.ms = Math.min(site.ms - ms, limits.burstMs);
    const own = networkBucket(network, t);
    own.ms = Math.min(own.ms - ms, limits.burstMs * shareOf(network));
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

  // Processor sharing: a clock that advances by the process's CPU time over the requests under way.
  let underWay = 0;
  let shared = 0;
  let sharedAt = cpuTime();
  const advance = () => {
    const t = cpuTime();
    shared += (t - sharedAt) / Math.max(1, underWay);
    sharedAt = t;
  };
  /** What the rest of a search (beyond its ranking) has cost lately: a moving average. */
  let restEstimate = REST_ESTIMATE_MS;

  const run = async <T>(network: string, search: (charge: ChargeRanking) => Promise<T>) => {
    if (!admits(network)) throw new SearchBusyError();
    try {
      return await gate.run(() => search((ms) => charge(network, ms)));
    } catch (error) {
      throw isGateBusy(error) ? new SearchBusyError() : error;
    }
  };

  const startRequest = (network: string): SearchRequest => {
    advance();
    underWay++;
    const from = shared;
    let ranked = 0;
    let estimated: number | null = null;
    let ended = false;
    return {
      run: (search) =>
        run(network, (chargeRanking) => {
          estimated = restEstimate;
          charge(network, estimated);
          return search((ms) => {
            ranked += ms;
            chargeRanking(ms);
          });
        }),
      end() {
        if (ended) return 0;
        ended = true;
        advance();
        underWay--;
        // A search that waited (for the index, for a loop busy with a burst) is charged at most
        // MAX_REST_MS beyond its ranking.
        const rest = Math.min(Math.max(0, shared - from - ranked), MAX_REST_MS);
        charge(network, rest - (estimated ?? 0));
        if (estimated !== null) restEstimate += (rest - restEstimate) / 8;
        return rest;
      },
    };
  };

  return {
    startRequest,
    admits: (network) => admits(network) && gate.load().running < limits.concurrency,
    run,
  };
}

/** This process's budget. */
export const searchBudget = () => processMemo("search.budget", () => createSearchBudget());
