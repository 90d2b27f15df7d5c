import type { IncomingMessage, ServerResponse } from "node:http";
import { envValue } from "../config/defaults.mjs";

/*
 * What must happen to a request before Next's request handler sees it, decided once per process
 * from the runtime configuration (Next's `headers()` and route rules are frozen at build time).
 * The site's own server (lib/launcher/server.ts, Next's custom-server API) applies these to every
 * request, then hands it to Next:
 *
 * - The target every later step decides on is origin-form (`GET http://host/x` is `/x` on the
 *   site's own host) with dot segments resolved (`/./search` is `/search`); one that names
 *   nothing (`OPTIONS *`, an escape that does not decode: Next's bare 500) is answered 400.
 * - Query strings that no page reads are dropped. Next renders a stale ISR page again with the
 *   request that found it stale, and writes that request's query string into the page's RSC
 *   payload (the canonical URL and the rendered search) stored for every later visitor: a 15 KB
 *   `?x=…` would otherwise grow the page for everyone, on every instance sharing the cache. Only
 *   the routes that read their query keep it (search, the admin, route handlers, Next's own
 *   `/_next/*`). Next's `_rsc` cache-busting parameter stays only on RSC requests (`RSC: 1`) and
 *   only in the shape of Next's own digest: Next checks it against the request's headers there,
 *   while on a plain page request it checks nothing and would store whatever text it carries.
 * - The image optimiser is only ever asked for one spelling of each image URL
 *   (canonicalImageUrl): Next keys its copies on disk by the URL's whole text, so each other
 *   spelling of one image would be fetched, resized and written again. A path ending in `/` is
 *   refused; another spelling of the request is redirected (308) to Next's own: one copy in a
 *   cache before the site (the front, a CDN) too.
 * - Requests Next would take for a server action (a `Next-Action` header, or a form post to a
 *   page) go to a route that refuses them: Masthead has none, and Next would print each unknown
 *   action (with its id) on stdout as plain text. Its forms post to route handlers (`/api/`),
 *   which Next never treats as actions.
 * - With an https SITE_URL (read when the server starts, not when it was built), every response
 *   carries Strict-Transport-Security, like the session cookie's Secure flag.
 */

/** HSTS for two years, subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Paths whose handlers read the query string (normalised); the front keys these with it (deploy/nginx). */
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

/** A path (prefixed: `//host/x` stays a path) or an http(s) URL whose escapes decode, as Next parses it. */
function parseTarget(url: string): URL | undefined {
  const path = url.startsWith("/");
  if (!path && !/^https?:\/\//i.test(url)) return undefined;
  try {
    const parsed = new URL(path ? `http://n${url}` : url);
    decodeURIComponent(parsed.pathname);
    return parsed;
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

/** The hosts images are loaded from, as configured (lib/config/image-hosts.mjs). */
export type ImageHost = { protocol: string; hostname: string; port: string };

/**
 * The raw request target as Next is to see it (see above), or undefined for one that names
 * nothing here. `rscHeader` is the request's `RSC` header.
 */
export function shapedTarget(
  url: string,
  rscHeader?: string | string[],
  imageHosts: readonly ImageHost[] = [],
): string | undefined {
  const parsed = parseTarget(url);
  if (!parsed) return undefined;
  const { pathname, search } = parsed;
  if (pathname === IMAGE_OPTIMIZER) return withCanonicalImage(parsed, imageHosts);
  if (!search || READS_QUERY.test(pathname)) return pathname + search;
  const rsc = rscHeader === "1" ? parsed.searchParams.get(NEXT_RSC_PARAM) : null;
  return rsc === null || !NEXT_RSC_VALUE.test(rsc) ? pathname : `${pathname}?${NEXT_RSC_PARAM}=${rsc}`;
}

/** The parameters Next reads, in its order, escaped as its loader does (and `'`, as browsers do). */
function withCanonicalImage(parsed: URL, imageHosts: readonly ImageHost[]): string | undefined {
  const image = parsed.searchParams.get("url");
  const url = image === null ? null : canonicalImageUrl(image, imageHosts);
  if (url === undefined) return undefined;
  const query = Object.entries({ url, w: parsed.searchParams.get("w"), q: parsed.searchParams.get("q") })
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!).replaceAll("'", "%27")}`)
    .join("&");
  return query ? `${IMAGE_OPTIMIZER}?${query}` : IMAGE_OPTIMIZER;
}

/** RFC 3986's unreserved characters: a percent-encoding of one of these names the same URL. */
const ENCODED_UNRESERVED = /%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Decodes percent-encoded unreserved characters and writes every other escape in upper case. */
function normalisedPath(path: string): string {
  return path
    .replace(ENCODED_UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
    .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
}

/**
 * The one spelling of an image URL the optimiser is asked for: no fragment, no userinfo,
 * unreserved characters unescaped, no empty query, and a loopback host spelled as the
 * configured image host on that port spells it (local mode lists `127.0.0.1` and `localhost`
 * for one workspace). The URL parser already lower-cases the host, drops a default port and
 * resolves dot segments. A URL that does not parse is returned as it is, for Next to refuse;
 * one whose path ends in `/` (no image file) is undefined.
 */
export function canonicalImageUrl(image: string, imageHosts: readonly ImageHost[] = []): string | undefined {
  const withoutFragment = image.split("#", 1)[0]!;
  const relative = /^\/(?!\/)/.test(withoutFragment);
  let parsed: URL;
  try {
    parsed = new URL(relative ? `http://n${withoutFragment}` : withoutFragment);
  } catch {
    return withoutFragment;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return withoutFragment;
  if (parsed.pathname.endsWith("/")) return undefined;
  const path = normalisedPath(parsed.pathname) + parsed.search;
  if (relative) return path;
  let hostname = parsed.hostname;
  if (LOOPBACK_NAMES.has(hostname)) {
    const configured = imageHosts.find(
      (h) => LOOPBACK_NAMES.has(h.hostname) && h.protocol === parsed.protocol && h.port === parsed.port,
    );
    if (configured) hostname = configured.hostname;
  }
  const host = parsed.port ? `${hostname}:${parsed.port}` : hostname;
  return `${parsed.protocol}//${host}${path}`;
}

/** HSTS follows the SITE_URL the server runs with; never in development (localhost is http). */
export function sendsHsts(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "development" && /^https:\/\//i.test(envValue(env, "SITE_URL") ?? "");
}

export type RequestShaping = {
  hsts: boolean;
  /** TRUST_PROXY: 0 means no proxy in front, so X-Forwarded-For is the connection's address. */
  trustProxy: number;
  imageHosts: readonly ImageHost[];
};

/**
 * The request as Next is to see it, and the headers every answer carries; true when answered here.
 * Without a trusted proxy X-Forwarded-For is the connection's own address (Next fills it in only
 * when a client sent none, so a client could otherwise name itself).
 */
export function shapeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  shaping: RequestShaping,
): boolean {
  if (shaping.hsts) response.setHeader("strict-transport-security", HSTS_VALUE);
  if (shaping.trustProxy === 0) request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "";
  const target = asksForServerAction(request)
    ? SERVER_ACTIONS_REFUSED
    : shapedTarget(request.url ?? "", request.headers.rsc, shaping.imageHosts);
  if (target !== request.url && /^\/_next\/image(\?|$)/.test(target ?? "")) {
    response.writeHead(308, { location: target, "cache-control": "no-store" }).end();
    return true;
  }
  if (target !== undefined) {
    request.url = target;
    return false;
  }
  const plain = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  response.writeHead(400, plain).end("Bad request: this address is not valid.");
  return true;
}
