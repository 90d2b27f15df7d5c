import "server-only";
import { requestHost } from "./client-key";
import { env } from "../config/env";

/*
 * The one cross-site request forgery check of the route handlers. Browsers send Origin on every
 * POST (and Sec-Fetch-Site, usually Referer): the first present decides; none means no browser.
 * The newsletter refuses only "cross-site" (no browser, no reader's cookies to forge with); the
 * admin also refuses no browser signal: it is used from its own pages.
 */

export type OriginVerdict = "same-origin" | "cross-site" | "no-browser-signal";

/** An http(s) URL, or undefined (the scheme matters: `javascript:` or `data:` is never us). */
function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The host the browser addressed (lib/http/client-key.ts), else the request URL's, which Next builds from Host. */
function addressedHost(request: Request, trustProxy: number): string | undefined {
  const host = requestHost(request, trustProxy);
  if (host) return host;
  try {
    return new URL(request.url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * `value` as a URL when it is this site: SITE_URL's origin, or the host this request was addressed
 * to (behind a TLS-terminating proxy the scheme can differ; the host cannot).
 */
export function ownSiteUrl(
  value: string,
  request: Request,
  siteUrl: string,
  trustProxy: number,
): URL | undefined {
  const candidate = httpUrl(value);
  if (!candidate) return undefined;
  const site = httpUrl(siteUrl);
  if (site && candidate.origin === site.origin) return candidate;
  const host = addressedHost(request, trustProxy);
  return host !== undefined && candidate.host.toLowerCase() === host ? candidate : undefined;
}

/** The names a local-mode server answers to on this machine (any port). */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Local mode runs with a public demo password, so it writes only for loopback names and SITE_URL's
 * host: another name resolving here (DNS rebinding) is another site, whatever its Origin says.
 */
export function hostServed(host: string | undefined, siteUrl: string, mode: "local" | "remote"): boolean {
  if (mode !== "local") return true;
  if (host === undefined) return false;
  const site = httpUrl(siteUrl);
  if (site && host === site.host.toLowerCase()) return true;
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return LOOPBACK_NAMES.has(name);
}

/** Origin, else Sec-Fetch-Site, else Referer; none of them is "no-browser-signal". */
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

/** The newsletter's policy: anything but a browser posting from another site. */
export function newsletterOriginAllows(verdict: OriginVerdict): boolean {
  return verdict !== "cross-site";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The admin's policy: reads pass; a write must come from this site, said by the browser. */
export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  return originVerdict(request, env().siteUrl, env().trustProxy) === "same-origin";
}
