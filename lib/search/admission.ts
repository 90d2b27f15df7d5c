import "server-only";
import type { Asker } from "../http/client-key";
import { budget, takeEach } from "../state/budget";
import { MemoryLimiter } from "../state/memory-limiter";
import { searchProcess } from "./engine";

// Whether a search runs, decided before the blog is read. First this process's search time (searches
// share the event loop with every page): under half the window anyone searches; past it a holder
// (IPv4 /24, IPv6 /48) gets its share among recent holders, one unseen for `holderSeconds` may go over
// by half. Then the client's and holder's allowances, shared by every instance. An admitted search is
// charged its whole time: an estimate at once, its ranking, then its share of the process's CPU time.

const SEARCH_TIME = { msPerSecond: 600, windowSeconds: 2, holderSeconds: 8, activeSeconds: 30 };
export type SearchTimeLimits = typeof SEARCH_TIME;

/** The most the rest of a request is charged: a search that waited must not put its holder in debt for seconds. */
const MAX_REST_MS = 100;
/** The first estimate of a search's rest, before any search has been measured. */
const REST_ESTIMATE_MS = 20;
/** Holders remembered as searching at most (a flood of holders cannot grow memory). */
const MAX_HOLDERS = 10_000;

export type ChargeRanking = (ms: number) => void;
export type SearchTime = ReturnType<typeof createSearchTime>;
type SearchRequest = ReturnType<SearchTime["start"]>;

/** `cpuTime`: this process's CPU time in ms (every thread: rendering, GC, the thread pool); tests give their own. */
export function createSearchTime(
  limits: SearchTimeLimits = SEARCH_TIME,
  cpuTime = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
) {
  const points = limits.msPerSecond * limits.windowSeconds;
  const holderPoints = limits.msPerSecond * limits.holderSeconds;
  const site = new MemoryLimiter({ keyPrefix: "search-time", points, duration: limits.windowSeconds });
  const holders = new MemoryLimiter({
    keyPrefix: "search-time-holder",
    points: holderPoints,
    duration: limits.holderSeconds,
  });
  const searching = new Map<string, number>();

  const used = async (limiter: MemoryLimiter, key: string) => {
    const res = await limiter.get(key);
    return res && res.msBeforeNext > 0 ? res.consumedPoints : 0;
  };
  const add = (limiter: MemoryLimiter, key: string, ms: number) =>
    ms >= 0 ? limiter.penalty(key, ms) : limiter.reward(key, -ms);
  const charge = (holder: string, ms: number) => {
    if (ms === 0) return;
    void add(site, "all", ms);
    void add(holders, holder, ms);
  };

  /** Whether `holder` may search now; it counts as searching from now on. */
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
  // What the rest of a search (beyond its ranking) has cost lately: a moving average.
  let restEstimate = REST_ESTIMATE_MS;

  const start = (holder: string) => {
    advance();
    underWay++;
    const from = shared;
    const estimated = restEstimate;
    charge(holder, estimated);
    let ranked = 0;
    let ended = false;
    return {
      charge(ms: number) {
        ranked += ms;
        charge(holder, ms);
      },
      /** Once the response is sent: charges the rest of the request, net of the estimate; returns it in ms. */
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

/** "limited": the client's or holder's allowance is spent; "busy": the site's search time is. */
export type Admission =
  { kind: "admitted"; request: SearchRequest } | { kind: "limited"; wait: number } | { kind: "busy" };

export async function admitSearch({ client, holder }: Asker): Promise<Admission> {
  const time = (searchProcess().time ??= createSearchTime()) as SearchTime;
  if (!(await time.admits(holder))) return { kind: "busy" };
  const wait = await takeEach([
    [budget("search-client", { points: 60, durationSeconds: 60 }, { onStoreFailure: "allow" }), client],
    [budget("search-network", { points: 120, durationSeconds: 60 }, { onStoreFailure: "allow" }), holder],
  ]);
  if (wait !== null) return { kind: "limited", wait };
  return { kind: "admitted", request: time.start(holder) };
}
