import "server-only";
import type { BodyKind } from "../http/request-body";
import { originVerdict } from "../http/request-origin";

/*
 * Reading an untrusted POST (its body is read by lib/http/request-body.ts, its origin judged by
 * lib/http/request-origin.ts): whether to answer a browser with a redirect. Pure functions of
 * the Request, so the handler's order (authorize → parse → act) stays readable and testable.
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
