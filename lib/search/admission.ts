import "server-only";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Asker } from "../http/client-key";
import { budget, takeEach } from "../state/budget";
import { searchProcess } from "./engine";

/*
 * Whether a search runs: one decision, made by the search page before it reads the blog (the
 * front's limit_req, where there is a front, is the only other). In order:
 *
 *  1. The site's search time, this process's own (every search ranks and renders on the event
 *     loop that serves every page). Searches may take `msPerSecond` of each second, counted by
 *     rate-limiter-flexible in memory in windows of `windowSeconds` for the site and of
 *     `holderSeconds` for each holder (an IPv4 /24, an IPv6 /48: lib/http/client-key.ts).
 *     While less than half the site's window is spent, anyone searches. Beyond that a holder
 *     searches while it has used less than its share (one over the holders that asked within
 *     `activeSeconds`) and the window has time left; and a holder that has not asked within
 *     `holderSeconds` (a reader searching now and then) may go over the window by half. So a
 *     flood of holders, however many addresses each has, cannot spend the site's time for a
 *     reader. A search refused here does not count against the allowances below.
 *  2. The client's allowance (60 a minute: a reader searching every second fits) and its
 *     holder's (120 a minute: 256 /64s of one /48 are one holder's two searches a second),
 *     shared by every instance through lib/state.
 *
 * An admitted search is charged its whole time, not only its ranking: an estimate of the rest at
 * once (so a burst sees its cost before its pages are sent), its ranking as it happens, then,
 * once the page has been sent, the rest of the request (rendering the results is most of a
 * search's cost): its share of this process's CPU time while it was under way, divided among
 * the searches under way at each moment (processor sharing on the one event loop), so searches
 * that overlap are not each charged the others' time, and time the machine gave to other
 * processes is not charged at all. Each query's own cost is bounded in query-plan.ts.
 */

export const SEARCH_LIMITS = {
  perClient: { points: 60, durationSeconds: 60 },
  perHolder: { points: 120, durationSeconds: 60 },
};

export type SearchTimeLimits = {
  msPerSecond: number;
  windowSeconds: number;
  holderSeconds: number;
  activeSeconds: number;
};
export const SEARCH_TIME: SearchTimeLimits = {
  msPerSecond: 600,
  windowSeconds: 2,
  holderSeconds: 8,
  activeSeconds: 30,
};

/**
 * The most the rest of one request (beyond its ranking) is charged: a search that waited (for
 * the index after a start or a revalidation, for a loop busy with a burst) must not put its
 * holder and the site in debt for many seconds.
 */
const MAX_REST_MS = 100;
/** The first estimate of a search's rest, before any search has been measured. */
const REST_ESTIMATE_MS = 20;
/** Holders remembered as searching at most (a flood of holders cannot grow memory). */
const MAX_HOLDERS = 10_000;

/** Records `ms` of ranking (engine.ts measures each ranking). */
export type ChargeRanking = (ms: number) => void;

/** An admitted search, from the decision to the response sent. */
export type SearchRequest = {
  charge: ChargeRanking;
  /** Once the response is sent: charges the rest of the request, net of the estimate; gives the ms it found. */
  end(): number;
};

export type SearchTime = {
  /** Whether `holder` may search now (step 1 above); it counts as searching from now on. */
  admits(holder: string): Promise<boolean>;
  /** Starts an admitted search for `holder`, charged its estimated rest at once. */
  start(holder: string): SearchRequest;
};

/** This process's CPU time so far, in ms (every thread: rendering, GC, the thread pool). */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** `cpuTime` is the clock a request's rest is measured on (this process's CPU time; tests give their own). */
export function createSearchTime(
  limits: SearchTimeLimits = SEARCH_TIME,
  cpuTime: () => number = processCpuMs,
): SearchTime {
  const points = limits.msPerSecond * limits.windowSeconds;
  const holderPoints = limits.msPerSecond * limits.holderSeconds;
  const site = new RateLimiterMemory({ keyPrefix: "search-time", points, duration: limits.windowSeconds });
  const holders = new RateLimiterMemory({
    keyPrefix: "search-time-holder",
    points: holderPoints,
    duration: limits.holderSeconds,
  });
  /** When each holder last asked, oldest first. */
  const searching = new Map<string, number>();

  const used = async (limiter: RateLimiterMemory, key: string) => {
    const res = await limiter.get(key);
    return res && res.msBeforeNext > 0 ? res.consumedPoints : 0;
  };
  const add = (limiter: RateLimiterMemory, key: string, ms: number) =>
    ms >= 0 ? limiter.penalty(key, ms) : limiter.reward(key, -ms);
  const charge = (holder: string, ms: number) => {
    if (ms === 0) return;
    void add(site, "all", ms);
    void add(holders, holder, ms);
  };

  const admits = async (holder: string) => {
    const now = Date.now();
    for (const [key, at] of searching) {
      if (now - at <= limits.activeSeconds * 1000 && searching.size < MAX_HOLDERS) break;
      searching.delete(key);
    }
    const asked = searching.get(holder);
    const fresh = asked === undefined || now - asked > limits.holderSeconds * 1000;
    searching.delete(holder);
    const share = 1 / (searching.size + 1);
    searching.set(holder, now);
    const [siteUsed, own] = await Promise.all([used(site, "all"), used(holders, holder)]);
    if (siteUsed < points / 2) return true;
    if (fresh) return siteUsed < points * 1.5;
    return own < holderPoints * share && siteUsed < points;
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

  const start = (holder: string): SearchRequest => {
    advance();
    underWay++;
    const from = shared;
    const estimated = restEstimate;
    charge(holder, estimated);
    let ranked = 0;
    let ended = false;
    return {
      charge(ms) {
        ranked += ms;
        charge(holder, ms);
      },
      end() {
        if (ended) return 0;
        ended = true;
        advance();
        underWay--;
        const rest = Math.min(Math.max(0, shared - from - ranked), MAX_REST_MS);
        charge(holder, rest - estimated);
        restEstimate += (rest - restEstimate) / 8;
        return rest;
      },
    };
  };

  return { admits, start };
}

const searchTime = () => (searchProcess().time ??= createSearchTime()) as ReturnType<typeof createSearchTime>;
const perClient = () => budget("search-client", SEARCH_LIMITS.perClient, { onStoreFailure: "allow" });
const perHolder = () => budget("search-network", SEARCH_LIMITS.perHolder, { onStoreFailure: "allow" });

export type Admission =
  | { kind: "admitted"; request: SearchRequest }
  /** The client's or holder's allowance is spent: how long to wait. */
  | { kind: "limited"; wait: number }
  /** The site's search time is spent for now. */
  | { kind: "busy" };

/** The one decision on a search from `asker`. */
export async function admitSearch(
  { client, holder }: Asker,
  time: SearchTime = searchTime(),
): Promise<Admission> {
  if (!(await time.admits(holder))) return { kind: "busy" };
  const wait = await takeEach([
    [perClient(), client],
    [perHolder(), holder],
  ]);
  if (wait !== null) return { kind: "limited", wait };
  return { kind: "admitted", request: time.start(holder) };
}
