import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { envValue } from "../config/defaults.mjs";
import { processMemo } from "../state/process-memo.mjs";

/*
 * What must happen to every request before Next sees it, decided once per process from the
 * runtime configuration (Next's `headers()` and route rules are frozen at build time):
 *
 * - Query strings that no page reads are dropped. Next renders a stale ISR page again with the
 *   request that found it stale, and writes that request's query string into the page's RSC
 *   payload (the canonical URL and the rendered search) stored for every later visitor: a 15 KB
 *   `?x=…` would otherwise grow the page for everyone, on every instance sharing the cache. Only
 *   the routes that read their query keep it (search, the admin, route handlers, Next's own
 *   `/_next/*`), and everywhere Next's `_rsc` cache-busting parameter.
 * - With an https SITE_URL (read when the server starts, not when it was built), every response
 *   carries Strict-Transport-Security, like the session cookie's Secure flag.
 *
 * Both run from Node's `http.server.request.start` diagnostics channel (public API, published
 * before the server's request event): a request without a query string costs one indexOf.
 */

/** HSTS for two years, subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Paths whose handlers read the query string (normalised pathname). */
const READS_QUERY = /^\/(search$|admin($|\/)|api\/|_next\/)/;
/** Next's cache-busting parameter for RSC requests: it checks it against the request's headers. */
const NEXT_RSC_PARAM = "_rsc";

/**
 * The request target without the query parameters its route does not read. `url` is the raw
 * request target (origin-form `/path?query`, or absolute-form); anything unparsable is returned
 * as it is for Next to refuse.
 */
export function withoutUnreadQuery(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  let parsed: URL;
  try {
    // Prefixing keeps `//host/x` a path; the URL parser resolves `..` and `%2e%2e` as Next does.
    parsed = new URL(url.startsWith("/") ? `http://n${url}` : url);
  } catch {
    return url;
  }
  if (READS_QUERY.test(parsed.pathname)) return url;
  const rsc = parsed.searchParams.get(NEXT_RSC_PARAM);
  const target = url.slice(0, q);
  return rsc === null ? target : `${target}?${NEXT_RSC_PARAM}=${encodeURIComponent(rsc)}`;
}

/** HSTS follows the SITE_URL the server runs with; never in development (localhost is http). */
export function sendsHsts(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "development" && /^https:\/\//i.test(envValue(env, "SITE_URL") ?? "");
}

/** Subscribes once per process, configured from the environment the server runs with. */
export function installRequestStart(env: Record<string, string | undefined>): void {
  const hsts = sendsHsts(env);
  processMemo("http.requestStart", () => {
    subscribe("http.server.request.start", (message) => {
      const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
      if (request.url) request.url = withoutUnreadQuery(request.url);
      if (hsts) response.setHeader("strict-transport-security", HSTS_VALUE);
    });
    return true;
  });
}
