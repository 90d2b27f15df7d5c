/*
 * Telling clients apart for rate limits (newsletter, admin login), the same way everywhere.
 */

/**
 * Which client to count. Next 16 gives route handlers no socket address, but `next start` fills
 * X-Forwarded-For with it when the request carries none. So with no trusted proxy (0) the
 * rightmost entry is the best guess: the socket address, or what the nearest hop appended.
 * A client that sends its own header can pick its key; the per-address and global limits bound
 * what that buys. With N appending proxies the Nth entry from the right is the one the outermost
 * trusted proxy saw; a proxy that overwrites the header (TRUST_PROXY=true) makes it the leftmost.
 * Takes anything with request headers: a Request in route handlers, `{ headers: await headers() }` in pages.
 */
export function clientKey(request: { headers: Pick<Headers, "get"> }, trustProxy: number): string {
  const entries = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown-client";
  const hops = Math.max(1, trustProxy);
  const entry = entries[Math.max(0, entries.length - hops)]!;
  // Bounded so a hostile header cannot grow the limiter's key space without end.
  return entry.slice(0, 64).toLowerCase();
}
