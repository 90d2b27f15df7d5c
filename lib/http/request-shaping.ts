import type { IncomingMessage, ServerResponse } from "node:http";
import { envValue } from "../config/defaults.mjs";

/*
 * What happens to a request before Next sees it, decided at run time (Next's `headers()` and
 * route rules are frozen at build time); the site's server (lib/launcher/server.ts) applies it:
 * - The target becomes origin-form with dot segments resolved; one naming nothing is a 400.
 * - Query strings no page reads are dropped: Next writes the query of the request that
 *   regenerates a stale page into the payload stored for everyone. `_rsc` stays only on RSC
 *   requests and in the shape of Next's digest, the only place Next checks it.
 * - The image optimiser is asked for one spelling of each image URL (it keys its disk copies by
 *   the whole text); another spelling is redirected (308), a path ending in `/` refused.
 * - Server-action requests go to a route that refuses them: Masthead has none, and Next would
 *   print each unknown action id on stdout.
 * - With an https SITE_URL every response carries Strict-Transport-Security.
 */

/** HSTS for two years, subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Paths whose handlers read the query string (normalised); the front keys these with it (deploy/nginx). */
const READS_QUERY = /^\/(search$|newsletter\/retry$|admin($|\/)|api\/|_next\/)/;
/** Next's cache-busting parameter for RSC requests: it checks it against the request's headers. */
const NEXT_RSC_PARAM = "_rsc";
/** What Next's client sends as `_rsc`: its base64url or hex digest, or nothing. */
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
 * The one spelling of an image URL the optimiser is asked for: no fragment, userinfo or empty
 * query, unreserved characters unescaped, a loopback host spelled as the configured image host
 * spells it. Unparsable: returned as is, for Next to refuse; a path ending in `/`: undefined.
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
  imageHosts: readonly ImageHost[];
};

/**
 * The request as Next is to see it, and the headers every answer carries; true when answered here.
 */
export function shapeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  shaping: RequestShaping,
): boolean {
  if (shaping.hsts) response.setHeader("strict-transport-security", HSTS_VALUE);
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
