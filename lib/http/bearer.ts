import { createHash, timingSafeEqual } from "node:crypto";

// Machine callers' secrets come in headers only: a query string ends up in access logs.

/** Both sides hashed first, so neither the length nor a common prefix leaks through timing. */
export function secretMatches(presented: string | null | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  return (auth && /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1]) || null;
}
