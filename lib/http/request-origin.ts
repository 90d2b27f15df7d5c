import "server-only";
import { requestHost } from "./client-key";
import { env } from "../config/env";

/*
 * Where a write comes from: the one cross-site request forgery check of the route handlers,
 * with the two policies that read it. Browsers send Origin on every POST (and Sec-Fetch-Site,
 * and usually Referer), so the first of those present decides whether the request comes from
 * this site; a request with none of them is not a browser at all (curl, a server-side script).
 *
 * - Newsletter (`newsletterOriginAllows`): refuses only "cross-site". A request with no browser
 *   signal carries no reader's cookies from another site, so there is nothing to forge; it is
 *   left to the rate limits, honeypot and validation.
 * - Admin (`isSameOriginWrite`): a write must say it comes from this site. A client with no
 *   browser signal is refused too: the admin area is used from its own pages, and SameSite=Lax
 *   on the session cookie is only the first lock.
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
 * `value` as a URL when it is this site: the configured SITE_URL's origin, or the host this
 * request was addressed to (behind a TLS-terminating proxy the scheme we see can differ from the
 * browser's; the host cannot). X-Forwarded-Host counts only when TRUST_PROXY says a proxy sets it.
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
 * Local mode runs with a public demo password, so it writes only for the hosts it is meant to
 * be reached by: loopback names and SITE_URL's host. Another name that resolves here (DNS
 * rebinding: a site the developer visits pointing its own name at 127.0.0.1) is another site,
 * even though its Origin matches the Host it sent.
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
