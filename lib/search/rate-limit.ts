import "server-only";
import { log } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { limitedFor, limiter } from "../state";

/*
 * Searches per client. Generous for a reader (a search every second, all minute long) and a
 * ceiling for a script: every search ranks the whole blog, so an unbounded client could keep
 * a core busy.
 */
export const SEARCH_LIMIT = { points: 60, durationSeconds: 60 };

/** Through the state module: in memory, or shared by every instance when REDIS_URL is set. */
const SEARCH_LIMIT_NAME = "search-client";
const searchLimiter = () => limiter({ keyPrefix: SEARCH_LIMIT_NAME, ...SEARCH_LIMIT });

/**
 * Takes one search from the client's budget. Returns null when allowed, else the whole seconds
 * to wait. A failing counter store lets the search through: it costs no upstream request, and
 * readers should not lose search because the store is down.
 */
export async function takeSearch(clientKey: string): Promise<number | null> {
  try {
    await searchLimiter().consume(clientKey);
    return null;
  } catch (rejection) {
    const wait = limitedFor(rejection);
    if (wait !== null) {
      metrics().rateLimited.inc({ limit: SEARCH_LIMIT_NAME });
      return wait;
    }
    log("search").warn(
      { error: rejection instanceof Error ? rejection.name : "unknown" },
      "rate limit store failed; allowing the search",
    );
    return null;
  }
}
