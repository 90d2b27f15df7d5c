import type { IncomingMessage, ServerResponse } from "node:http";
import { envValue } from "../config/defaults.mjs";
import { LOOPBACK_NAMES } from "../config/local-mode";

/*
 * At run time, before Next (its rules are frozen at build): query strings no page reads are dropped
 * (Next stores the regenerating request's query in the payload for everyone); the image optimiser's
 * URL has one spelling (it keys disk copies by it); server actions are refused (Masthead has none).
 */

export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** The front keys these with the query too (deploy/nginx). */
const READS_QUERY = /^\/(search$|newsletter\/retry$|admin($|\/)|api\/|_next\/)/;
const NEXT_RSC_PARAM = "_rsc";
const NEXT_RSC_VALUE = /^[A-Za-z0-9_-]{0,16}$/;
const IMAGE_OPTIMIZER = "/_next/image";
const SERVER_ACTIONS_REFUSED = "/api/server-actions";
/** The bodies Next decodes as a server action when they are posted to a page. */
const FORM_POST = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i;

/** As Next parses it: `//host/x` stays a path; escapes must decode. */
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

/** A `Next-Action` header (any method and path), or a form post to anything but a route handler. */
export function asksForServerAction(request: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  if (request.headers["next-action"] !== undefined) return true;
  if (request.method !== "POST" || !FORM_POST.test(request.headers["content-type"] ?? "")) return false;
  return !parseTarget(request.url ?? "/")?.pathname.startsWith("/api/");
}

export type ImageHost = { protocol: string; hostname: string; port: string };

/** Undefined for a target that names nothing here. */
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

function normalisedPath(path: string): string {
  return path
    .replace(ENCODED_UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
    .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
}

/**
 * No fragment, userinfo or empty query, unreserved characters unescaped, a loopback host spelled as
 * the configured one. Unparsable: as is, for Next to refuse; a path ending in `/`: undefined.
 */
export function canonicalImageUrl(image: string, imageHosts: readonly ImageHost[] = []): string | undefined {
  const withoutFragment = image.split("#", 1)[0]!;
  const relative = /^\/(?!\/)/.test(withoutFragment);
  const absolute = relative ? `http://n${withoutFragment}` : withoutFragment;
  const parsed = URL.canParse(absolute) ? new URL(absolute) : undefined;
  if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") return withoutFragment;
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

/** Never in development (localhost is http). */
export function sendsHsts(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "development" && /^https:\/\//i.test(envValue(env, "SITE_URL") ?? "");
}

/** True when answered here. */
export function shapeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  hsts: boolean,
  imageHosts: readonly ImageHost[],
): boolean {
  if (hsts) response.setHeader("strict-transport-security", HSTS_VALUE);
  const target = asksForServerAction(request)
    ? SERVER_ACTIONS_REFUSED
    : shapedTarget(request.url ?? "", request.headers.rsc, imageHosts);
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
