import "server-only";
import { requestHost } from "./client-key";
import { env } from "../config/env";
import { LOOPBACK_NAMES } from "../config/local-mode";

// The route handlers' one CSRF check: Origin, else Sec-Fetch-Site, else Referer; none is no browser,
// which the newsletter lets through (no reader's cookies to forge with) and the admin refuses.

export type OriginVerdict = "same-origin" | "cross-site" | "no-browser-signal";

/** `javascript:` or `data:` is never us. */
function httpUrl(value: string): URL | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url?.protocol === "http:" || url?.protocol === "https:" ? url : undefined;
}

/** Else the host Next built the request URL from. */
const addressedHost = (request: Request, trustProxy: number) =>
  requestHost(request, trustProxy) ?? httpUrl(request.url)?.host.toLowerCase();

/** SITE_URL's origin, or the host this request was addressed to (behind TLS termination the scheme differs). */
function ownSiteUrl(value: string, request: Request, siteUrl: string, trustProxy: number): URL | undefined {
  const candidate = httpUrl(value);
  if (!candidate) return undefined;
  const site = httpUrl(siteUrl);
  if (site && candidate.origin === site.origin) return candidate;
  const host = addressedHost(request, trustProxy);
  return host !== undefined && candidate.host.toLowerCase() === host ? candidate : undefined;
}

/** Local mode writes only for loopback names and SITE_URL's host: another name here is DNS rebinding. */
function hostServed(host: string | undefined, siteUrl: string, mode: "local" | "remote"): boolean {
  if (mode !== "local") return true;
  if (host === undefined) return false;
  const site = httpUrl(siteUrl);
  if (site && host === site.host.toLowerCase()) return true;
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return LOOPBACK_NAMES.has(name);
}

export function originVerdict(
  request: Request,
  siteUrl: string,
  trustProxy: number,
  mode: "local" | "remote" = env().mode,
): OriginVerdict {
  if (!hostServed(addressedHost(request, trustProxy), siteUrl, mode)) return "cross-site";
  const origin = request.headers.get("origin");
  if (origin !== null) {
    // "null" is sent from sandboxed frames, data: URLs and some redirects: never us.
    return origin !== "null" && ownSiteUrl(origin, request, siteUrl, trustProxy)
      ? "same-origin"
      : "cross-site";
  }
  const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none" ? "same-origin" : "cross-site";
  const referer = request.headers.get("referer");
  if (referer) return ownSiteUrl(referer, request, siteUrl, trustProxy) ? "same-origin" : "cross-site";
  return "no-browser-signal";
}

export function newsletterOriginAllows(verdict: OriginVerdict): boolean {
  return verdict !== "cross-site";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Reads pass; a write must come from this site, said by the browser. */
export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  return originVerdict(request, env().siteUrl, env().trustProxy) === "same-origin";
}
