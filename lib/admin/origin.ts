import "server-only";
import { requestHost } from "../client-key";
import { env } from "../env";

/*
 * Cross-site request forgery guard for admin writes. SameSite=Lax already keeps the cookie
 * off cross-site POSTs in modern browsers; this is the second lock: a write must say where
 * it comes from (Origin, or Sec-Fetch-Site for the rare browser that omits Origin), and
 * that must be this site.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return false;
    }
    const allowed = new Set<string>();
    // X-Forwarded-Host only when TRUST_PROXY says a proxy sets it; a client can send its own.
    const host = requestHost(request, env().trustProxy);
    if (host) allowed.add(host.toLowerCase());
    try {
      allowed.add(new URL(env().siteUrl).host.toLowerCase());
    } catch {
      // siteUrl is validated at start-up; nothing to add if it somehow is not a URL
    }
    return allowed.has(originHost.toLowerCase());
  }
  // No Origin: accept only what the browser itself vouches is same-origin.
  return request.headers.get("sec-fetch-site") === "same-origin";
}
