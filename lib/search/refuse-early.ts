import type { IncomingMessage } from "node:http";
import { whoIsAsking } from "../http/client-network";
import { processMemo } from "../memo/process-memo.mjs";
import { searchBudget } from "./budget";

/*
 * Refusing a search cheaply. The search page is rendered per request, and rendering even its
 * "try again" answer costs about what ten cached pages do, so a flood that is refused would
 * still cost the site that render for every request. Instead, before Next sees a request (the
 * site's server, lib/launcher/server.ts, asks here), a search from a client or holder the page
 * has just refused for its limit, or one
 * the site-wide budget would refuse now (budget.ts), is sent to `/search/busy`: a prerendered
 * page, served from the cache like any other. The address in the browser stays the same; the
 * page says "try again". Only the first refusal of each limit is rendered (it says how long to
 * wait).
 */

/** Where a refused search is answered: the prerendered busy page. */
export const BUSY_PATH = "/search/busy";
/** Clients and holders remembered at most (a flood of keys cannot grow memory). */
const MAX_REFUSED = 10_000;

/** Keys (client or holder: lib/http/client-network.ts) refused by the search limits, with when they may search again (ms). */
const refused = () => processMemo("search.refusedUntil", () => new Map<string, number>());

/** The page refused `key` (a client or a holder) for its limit: refuse it early for `seconds`. */
export function refuseEarly(key: string, seconds: number): void {
  const map = refused();
  if (map.size >= MAX_REFUSED) map.delete(map.keys().next().value!);
  map.set(key, Date.now() + seconds * 1000);
}

function refusedNow(key: string): boolean {
  const until = refused().get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  refused().delete(key);
  return false;
}

/** Whether a search with `q` in its query, from `client` of `holder`, is refused before rendering. */
export function refusedAtStart(
  method: string | undefined,
  url: string,
  client: string,
  holder: string,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!url.startsWith("/search?")) return false;
  // The empty form costs nothing and never counts against a limit.
  const q = new URLSearchParams(url.slice("/search?".length)).get("q");
  if (!q?.trim()) return false;
  return refusedNow(client) || refusedNow(holder) || !searchBudget().admits(holder);
}

/**
 * The step that sends a refused search to the busy page (lib/launcher/server.ts). It runs after
 * the peer-address stamp, so the client key is the one the page counts.
 */
export function searchRefusal(options: () => { trustProxy: number }): (request: IncomingMessage) => void {
  return (request) => {
    const url = request.url;
    if (!url?.startsWith("/search?")) return;
    try {
      const headers = { get: (name: string) => headerValue(request, name) };
      const { client, holder } = whoIsAsking({ headers }, options().trustProxy);
      if (refusedAtStart(request.method, url, client, holder)) request.url = BUSY_PATH;
    } catch {
      // A configuration that does not load is the page's to report; the search goes on to it.
    }
  };
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
