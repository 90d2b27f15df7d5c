import { randomBytes } from "node:crypto";
import { processMemo } from "../memo/process-memo.mjs";
import type { IncomingMessage } from "node:http";

/*
 * Who is asking: the client key of the rate limits (newsletter, admin login) and the host of
 * the origin checks, the same way everywhere.
 *
 * Route handlers get no socket address, and Next copies it into X-Forwarded-For only when the
 * request has none: a header the client sent itself is passed on untouched, as is its
 * X-Forwarded-Host. So forwarded headers are believed only when TRUST_PROXY says a proxy in front
 * sets them; otherwise the key is the connection's own address, stamped on the requests that may
 * read it (readsClientKey) by peerAddressStamp, which the site's server (lib/launcher/server.ts)
 * runs before Next sees the request.
 */

/** Anything with request headers: a Request in route handlers, `{ headers: await headers() }` in pages. */
export type RequestLike = { headers: Pick<Headers, "get"> };

/** Carries the socket's address; whatever a client sends under this name is replaced. */
export const PEER_ADDRESS_HEADER = "x-masthead-peer-address";
const UNKNOWN = "unknown-client";

// A per-process token in the stamp: a header a client made up (on a server where the stamp
// somehow did not run) can never pass for the socket's address.
const stampToken = () => processMemo("clientKey.stampToken", () => randomBytes(12).toString("base64url"));

/** Writes the socket's address into `headers` (the site's server; tests building a Request). */
export function stampPeerAddress(
  headers: Record<string, string | string[] | undefined> | Headers,
  address: string | undefined,
): void {
  const value = `${stampToken()} ${address ?? ""}`;
  if (headers instanceof Headers) headers.set(PEER_ADDRESS_HEADER, value);
  else headers[PEER_ADDRESS_HEADER] = value;
}

/**
 * Whether a request may read its client key: writes, route handlers, the admin and search (the
 * routes with per-client limits or sessions). Page views and assets are not stamped, so the
 * cached pages readers hit most pay nothing for it. A new reader of clientKey() on another GET
 * address must be added here (it would otherwise count every client as one).
 */
export function readsClientKey(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  return (
    url !== undefined &&
    (url.startsWith("/api/") || url.startsWith("/admin") || url === "/search" || url.startsWith("/search?"))
  );
}

/**
 * Stamps a request that may read its client key with its connection's address: the server's
 * first step, before the rewrites and before any other step reads a key.
 */
export const peerAddressStamp = (request: IncomingMessage): void => {
  if (readsClientKey(request.method, request.url))
    stampPeerAddress(request.headers, request.socket?.remoteAddress);
};

/** The connection's address as stamped, or undefined when the stamp is missing or forged. */
export function peerAddress(request: RequestLike): string | undefined {
  const raw = request.headers.get(PEER_ADDRESS_HEADER);
  if (!raw) return undefined;
  const space = raw.indexOf(" ");
  if (space < 0 || raw.slice(0, space) !== stampToken()) return undefined;
  const address = raw.slice(space + 1).trim();
  return address || undefined;
}

/** The entry a trusted chain of `trustProxy` proxies vouches for: Nth from the right. */
function trustedEntry(header: string | null, trustProxy: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustProxy)];
}

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client; bounded so a header cannot grow the key space. */
function normalise(address: string): string {
  const lower = address.slice(0, 64).toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}

/**
 * Which client to count. TRUST_PROXY unset (0): the connection's address; X-Forwarded-For is
 * whatever the client chose and is ignored. N proxies that each append: the Nth entry from
 * the right (what the outermost trusted proxy saw). A proxy that overwrites the header
 * (TRUST_PROXY=true): the leftmost. A trusted proxy that sent no header: the connection.
 */
export function clientKey(request: RequestLike, trustProxy: number): string {
  const forwarded =
    trustProxy > 0 ? trustedEntry(request.headers.get("x-forwarded-for"), trustProxy) : undefined;
  const address = forwarded ?? peerAddress(request);
  return address ? normalise(address) : UNKNOWN;
}

/**
 * The host the browser addressed, for origin checks: Host, or with a trusted proxy in front
 * the X-Forwarded-Host it set (chosen like X-Forwarded-For). Lower-case; undefined if none.
 */
export function requestHost(request: RequestLike, trustProxy: number): string | undefined {
  const forwarded =
    trustProxy > 0 ? trustedEntry(request.headers.get("x-forwarded-host"), trustProxy) : undefined;
  const host = forwarded || request.headers.get("host")?.trim();
  return host ? host.toLowerCase() : undefined;
}
