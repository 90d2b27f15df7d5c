import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { envValue } from "../config/defaults.mjs";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * What must happen to every request before Next sees it, decided once per process from the
 * runtime configuration (Next's `headers()` and route rules are frozen at build time):
 *
 * - Query strings that no page reads are dropped. Next renders a stale ISR page again with the
 *   request that found it stale, and writes that request's query string into the page's RSC
 *   payload (the canonical URL and the rendered search) stored for every later visitor: a 15 KB
 *   `?x=…` would otherwise grow the page for everyone, on every instance sharing the cache. Only
 *   the routes that read their query keep it (search, the admin, route handlers, Next's own
 *   `/_next/*`). Next's `_rsc` cache-busting parameter stays only on RSC requests (`RSC: 1`) and
 *   only in the shape of Next's own digest: Next checks it against the request's headers there
 *   (and redirects when it differs), while on a plain page request it checks nothing and would
 *   store whatever text it carries.
 * - The image optimiser's `url` loses its fragment: the fetched image is the same with or
 *   without `#N`, but Next keys its copies on disk by the whole string, so each N would be
 *   resized and written again.
 * - Requests Next would take for a server action (a `Next-Action` header, or a form post to a
 *   page) go to a route that refuses them: Masthead has none, and Next would print each unknown
 *   action (with its id) on stdout as plain text. Its forms post to route handlers (`/api/`),
 *   which Next never treats as actions.
 * - With an https SITE_URL (read when the server starts, not when it was built), every response
 *   carries Strict-Transport-Security, like the session cookie's Secure flag.
 *
 * All run from one subscriber on Node's `http.server.request.start` diagnostics channel (public
 * API, published before the server's request event): a GET without a query string costs a header
 * lookup and one indexOf. What else must act there is handed in as steps (instrumentation.ts):
 * first the peer-address stamp (lib/http/client-key.ts), on the target as the client sent it and
 * before anything reads a client key; then, after the rewrites above, a feature's (the search
 * refusal), on the target Next will see: lib/http imports no feature.
 */

/** HSTS for two years, subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Paths whose handlers read the query string (normalised pathname). */
const READS_QUERY = /^\/(search$|newsletter\/retry$|admin($|\/)|api\/|_next\/)/;
/** Next's cache-busting parameter for RSC requests: it checks it against the request's headers. */
const NEXT_RSC_PARAM = "_rsc";
/**
 * What Next's client sends as `_rsc`: a 96-bit SHA-256 digest in base64url (16 characters), the
 * older hex hash, or nothing when no router header is set.
 */
const NEXT_RSC_VALUE = /^[A-Za-z0-9_-]{0,16}$/;
const IMAGE_OPTIMIZER = "/_next/image";
/** The route handler that answers every server-action request (app/api/server-actions). */
export const SERVER_ACTIONS_REFUSED = "/api/server-actions";
/** The bodies Next decodes as a server action when they are posted to a page. */
const FORM_POST = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i;

/** Prefixing keeps `//host/x` a path; the URL parser resolves `..` and `%2e%2e` as Next does. */
function parseTarget(url: string): URL | undefined {
  try {
    return new URL(url.startsWith("/") ? `http://n${url}` : url);
  } catch {
    return undefined;
  }
}

/**
 * True for a request Next would handle as a server action: one with a `Next-Action` header
 * (whatever its method and path), or a form post to anything but a route handler.
 */
export function asksForServerAction(request: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  if (request.headers["next-action"] !== undefined) return true;
  if (request.method !== "POST" || !FORM_POST.test(request.headers["content-type"] ?? "")) return false;
  return !parseTarget(request.url ?? "/")?.pathname.startsWith("/api/");
}

/**
 * The request target without the query parameters its route does not read. `url` is the raw
 * request target (origin-form `/path?query`, or absolute-form); anything unparsable is returned
 * as it is for Next to refuse. `rscHeader` is the request's `RSC` header.
 */
export function withoutUnreadQuery(url: string, rscHeader?: string | string[]): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const parsed = parseTarget(url);
  if (!parsed) return url;
  if (parsed.pathname === IMAGE_OPTIMIZER) return withoutImageFragment(url, parsed);
  if (READS_QUERY.test(parsed.pathname)) return url;
  const rsc = rscHeader === "1" ? parsed.searchParams.get(NEXT_RSC_PARAM) : null;
  const target = url.slice(0, q);
  return rsc === null || !NEXT_RSC_VALUE.test(rsc) ? target : `${target}?${NEXT_RSC_PARAM}=${rsc}`;
}

/** An image optimiser request whose `url` names the same image however its fragment reads. */
function withoutImageFragment(url: string, parsed: URL): string {
  const image = parsed.searchParams.get("url");
  const hash = image?.indexOf("#") ?? -1;
  if (hash < 0) return url;
  parsed.searchParams.set("url", image!.slice(0, hash));
  return `${url.slice(0, url.indexOf("?"))}${parsed.search}`;
}

/** HSTS follows the SITE_URL the server runs with; never in development (localhost is http). */
export function sendsHsts(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "development" && /^https:\/\//i.test(envValue(env, "SITE_URL") ?? "");
}

/** Work on a request before Next sees it (each step returns at once for the ones it leaves alone). */
export type RequestStartStep = (request: IncomingMessage) => void;

export type RequestStartSteps = {
  /** Run first, before the rewrites, on the target as the client sent it: the peer-address stamp. */
  onArrival?: readonly RequestStartStep[];
  /** Run after the rewrites, on the target Next will see: a feature's step (the search refusal). */
  afterRewrites?: readonly RequestStartStep[];
};

/**
 * Subscribes once per process, configured from the environment the server runs with; the steps
 * run in order, on every request, and must not throw (the channel would rethrow it outside the
 * request).
 */
export function installRequestStart(
  env: Record<string, string | undefined>,
  { onArrival = [], afterRewrites = [] }: RequestStartSteps = {},
): void {
  const hsts = sendsHsts(env);
  processMemo("http.requestStart", () => {
    subscribe("http.server.request.start", (message) => {
      const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
      for (const step of onArrival) step(request);
      if (asksForServerAction(request)) request.url = SERVER_ACTIONS_REFUSED;
      else if (request.url) request.url = withoutUnreadQuery(request.url, request.headers.rsc);
      if (hsts) response.setHeader("strict-transport-security", HSTS_VALUE);
      for (const step of afterRewrites) step(request);
    });
    return true;
  });
}
