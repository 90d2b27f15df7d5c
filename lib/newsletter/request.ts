import "server-only";
import type { BodyKind } from "../http/request-body";
import { originVerdict, ownSiteUrl } from "../http/request-origin";
import { sameOriginPath } from "../http/same-origin-path";

/*
 * Reading an untrusted POST (its body is read by lib/http/request-body.ts, its origin judged by
 * lib/http/request-origin.ts): where to send a browser back, and which client to count for the
 * rate limit. Pure functions of the Request, so the handler's order (authorize → parse → act)
 * stays readable and each piece is testable.
 */

/** A subscription is one address and two short hidden fields; anything bigger is not a reader. */
export const MAX_BODY_BYTES = 4 * 1024;

/** CSRF verdict for a subscription (lib/http/request-origin.ts; the handler refuses only "cross-site"). */
export const checkOrigin = originVerdict;
export type { OriginVerdict } from "../http/request-origin";

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
  const own = referer ? ownSiteUrl(referer, request, siteUrl, trustProxy) : undefined;
  if (own) {
    const path = relativePath(own.pathname + own.search);
    if (path) return path;
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
export { clientKey } from "../http/client-key";
