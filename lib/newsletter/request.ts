import "server-only";
import { requestHost } from "../client-key";
import type { BodyKind } from "../request-body";
import { sameOriginPath } from "../same-origin-path";

/*
 * Reading an untrusted POST (its body is read by lib/request-body.ts): origin, where to send a
 * browser back, and which client to count for the rate limit. Pure functions of the Request, so
 * the handler's order (parse → authorize → act) stays readable and each piece is testable.
 */

/** A subscription is one address and two short hidden fields; anything bigger is not a reader. */
export const MAX_BODY_BYTES = 4 * 1024;

/** The host the browser addressed (lib/client-key.ts), else the request URL's, which Next builds from Host. */
function addressedHost(request: Request, trustProxy: number): string | undefined {
  const host = requestHost(request, trustProxy);
  if (host) return host;
  try {
    return new URL(request.url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

function originOf(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Same site as us: the configured SITE_URL, or the host this request was addressed to. */
function isOwnOrigin(candidate: URL, siteUrl: string, host: string | undefined): boolean {
  const site = originOf(siteUrl);
  if (site && candidate.origin === site.origin) return true;
  // Behind a TLS-terminating proxy the scheme we see can differ from the browser's; the host cannot.
  return host !== undefined && candidate.host.toLowerCase() === host;
}

export type OriginVerdict = "same-origin" | "cross-site" | "no-browser-signal";

/**
 * CSRF check. Browsers send Origin on every POST (and Sec-Fetch-Site, and usually Referer),
 * so one of them decides. A request with none of the three (curl, a server-side script) is not
 * a browser carrying a reader's cookies to us from another site — there is nothing to forge —
 * so it is let through as "no-browser-signal" and left to the rate limits, honeypot and validation.
 */
export function checkOrigin(request: Request, siteUrl: string, trustProxy: number): OriginVerdict {
  const host = addressedHost(request, trustProxy);
  const origin = request.headers.get("origin");
  if (origin !== null) {
    // "null" is sent from sandboxed frames, data: URLs and some redirects: never us.
    const parsed = origin === "null" ? undefined : originOf(origin);
    return parsed && isOwnOrigin(parsed, siteUrl, host) ? "same-origin" : "cross-site";
  }
  const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none" ? "same-origin" : "cross-site";
  const referer = request.headers.get("referer");
  if (referer) {
    const parsed = originOf(referer);
    return parsed && isOwnOrigin(parsed, siteUrl, host) ? "same-origin" : "cross-site";
  }
  return "no-browser-signal";
}

/** A browser navigation (no-JS form post) is answered with a redirect; everything else with JSON. */
export function wantsRedirect(request: Request, kind: BodyKind | undefined): boolean {
  if (kind !== "urlencoded" && kind !== "multipart") return false;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  if (accept.includes("application/json")) return false;
  return accept.includes("text/html") || request.headers.get("sec-fetch-mode")?.toLowerCase() === "navigate";
}

export const FALLBACK_RETURN_PATH = "/newsletter";

/**
 * Where a no-JS post goes back to: a same-origin path only (never an open redirect), from the
 * form's hidden field, else the same-origin Referer, else /newsletter. Internal paths (/_next,
 * /api) are refused: a reader never reads a page there.
 */
export function safeReturnPath(
  candidate: unknown,
  request: Request,
  siteUrl: string,
  trustProxy: number,
): string {
  const fromField = typeof candidate === "string" ? relativePath(candidate) : undefined;
  if (fromField) return fromField;
  const referer = request.headers.get("referer");
  if (referer) {
    const parsed = originOf(referer);
    if (parsed && isOwnOrigin(parsed, siteUrl, addressedHost(request, trustProxy))) {
      const path = relativePath(parsed.pathname + parsed.search);
      if (path) return path;
    }
  }
  return FALLBACK_RETURN_PATH;
}

function relativePath(value: string): string | undefined {
  const path = sameOriginPath(value, 512);
  // Checked on the normalised path: `/a/../_next/x` is refused like `/_next/x`.
  if (!path || /^\/(_|api(\/|$|\?))/.test(path)) return undefined;
  return path;
}

// Shared with the admin login limit.
export { clientKey } from "../client-key";
