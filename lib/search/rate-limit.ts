import "server-only";
import { log } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { limitedFor, limiter } from "../state";

/*
 * Searches per client (an IPv4 address, an IPv6 /64) and per holder (an IPv4 /24, an IPv6 /48:
 * lib/http/client-network.ts). Generous for a reader (a search every second, all minute long)
 * and a ceiling for a script: every search ranks the whole blog, so an unbounded client could
 * keep a core busy. The holder's budget is what one customer of many addresses shares: 256
 * /64s of one /48 are one holder's two searches a second, not 256.
 */
export const SEARCH_LIMIT = { points: 60, durationSeconds: 60 };
export const SEARCH_NETWORK_LIMIT = { points: 120, durationSeconds: 60 };

/** Through the state module: in memory, or shared by every instance when REDIS_URL is set. */
const SEARCH_LIMIT_NAME = "search-client";
const SEARCH_NETWORK_LIMIT_NAME = "search-network";
const searchLimiter = () => limiter({ keyPrefix: SEARCH_LIMIT_NAME, ...SEARCH_LIMIT });
const networkLimiter = () => limiter({ keyPrefix: SEARCH_NETWORK_LIMIT_NAME, ...SEARCH_NETWORK_LIMIT });

/**
 * Takes one search from the client's budget, then its network's. Returns null when allowed,
 * else the whole seconds to wait and the key (the client or the network) that was refused. A failing counter store lets the search through: it costs no
 * upstream request, and readers should not lose search because the store is down.
 */
export async function takeSearch(
  clientKey: string,
  network: string,
): Promise<{ wait: number; refused: string } | null> {
  const clientWait = await takeOne(searchLimiter, SEARCH_LIMIT_NAME, clientKey);
  if (clientWait !== null) return { wait: clientWait, refused: clientKey };
  const networkWait = await takeOne(networkLimiter, SEARCH_NETWORK_LIMIT_NAME, network);
  return networkWait === null ? null : { wait: networkWait, refused: network };
}

async function takeOne(
  source: () => ReturnType<typeof limiter>,
  name: string,
  key: string,
): Promise<number | null> {
  try {
    await source().consume(key);
    return null;
  } catch (rejection) {
    const wait = limitedFor(rejection);
    if (wait !== null) {
      metrics().rateLimited.inc({ limit: name });
      return wait;
    }
    log("search").warn(
      { error: rejection instanceof Error ? rejection.name : "unknown" },
      "rate limit store failed; allowing the search",
    );
    return null;
  }
}
