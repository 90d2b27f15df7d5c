import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Constant-time comparison of a presented secret with the configured one. Both sides are
 * hashed first so neither the length nor a common prefix leaks through timing.
 */
export function secretMatches(presented: string | null | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The secret from `Authorization: Bearer <secret>` or `X-Revalidate-Secret` (never the query string, which ends up in logs). */
export function presentedSecret(headers: Headers): string | null {
  const auth = headers.get("authorization");
  const bearer = auth && /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1];
  return bearer || headers.get("x-revalidate-secret")?.trim() || null;
}
