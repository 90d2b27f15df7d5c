import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * Who is asking: the one place that works out a request's client and holder, for every budget
 * (search, signups, password, code and passkey sign-ins, passkey options, unlock), and the host
 * of the origin checks. Nothing else reads X-Forwarded-For.
 *
 * Route handlers get no socket address, and Next copies it into X-Forwarded-For only when the
 * request has none: a header the client sent itself is passed on untouched, as is its
 * X-Forwarded-Host. So forwarded headers are believed only when TRUST_PROXY says a proxy in front
 * sets them; otherwise the address is the connection's own, stamped on every request by
 * peerAddressStamp, which the site's server (lib/launcher/server.ts) runs before Next sees it
 * (on every request, so no spelling of a path can leave it unstamped).
 *
 *  - The holder: whoever controls a block of addresses and can ask from any of them at no cost.
 *    An IPv4 /24 (the smallest block routed between networks, and what a cloud tenant, an office
 *    or a hosting customer typically holds). An IPv6 /48: the RIRs' assignment policy (RIPE-738,
 *    ARIN NRPM 6.5.4) makes a /48 the normal assignment to one end site, and tunnel brokers hand
 *    a /48 to any customer for free, so a /64 or a /56 is not one customer.
 *  - The client beneath it: one IPv4 address, or one IPv6 /64 (a host picks any address of its
 *    /64 by itself: SLAAC, privacy addresses).
 * Readers behind one holder (a campus, carrier-grade NAT) share its budgets, which are sized for
 * it, with per-client budgets beneath so one of them cannot spend it alone.
 */

/** Anything with request headers: a Request in route handlers, `{ headers: await headers() }` in pages. */
export type RequestLike = { headers: Pick<Headers, "get"> };

export type Asker = {
  /** One IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64"). */
  client: string;
  /** An IPv4 /24 ("203.0.113.0/24"), or an IPv6 /48 ("2001:db8:1::/48"). */
  holder: string;
};

const HOLDER_PREFIX = { ipv4: 24, ipv6: 48 } as const;
const CLIENT_PREFIX = { ipv4: 32, ipv6: 64 } as const;

/** Carries the socket's address; whatever a client sends under this name is replaced. */
export const PEER_ADDRESS_HEADER = "x-masthead-peer-address";
const UNKNOWN = "unknown-client";

// A per-process token in the stamp (lib/memo's "http": the site's server writes it, Next's bundles
// read it): a header a client made up (on a server where the stamp did not run) never passes.
const stampToken = () => processMemo("http", () => randomBytes(12).toString("base64url"));

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
 * The site server's first step: every request carries its connection's address; without a
 * trusted proxy (TRUST_PROXY 0) X-Forwarded-For becomes that address too, for what Next reads of it.
 */
export function peerAddressStamp(request: IncomingMessage, trustProxy: number): void {
  stampPeerAddress(request.headers, request.socket?.remoteAddress);
  if (trustProxy === 0) request.headers["x-forwarded-for"] = request.socket?.remoteAddress ?? "";
}

/** The connection's address as stamped, or undefined when the stamp is missing or forged. */
function peerAddress(request: RequestLike): string | undefined {
  const raw = request.headers.get(PEER_ADDRESS_HEADER);
  if (!raw) return undefined;
  const space = raw.indexOf(" ");
  if (space < 0 || raw.slice(0, space) !== stampToken()) return undefined;
  return raw.slice(space + 1).trim() || undefined;
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

/** `address` cut to the prefix's width ("a.b.c.0/24"); what is no address is the unknown client. */
function within(address: string, prefix: { ipv4: number; ipv6: number }): string {
  const text = address.slice(0, 64);
  if (!ipaddr.isValid(text)) return UNKNOWN;
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const bits = parsed.kind() === "ipv4" ? prefix.ipv4 : prefix.ipv6;
  if (bits === 32 && parsed.kind() === "ipv4") return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i]! &= (0xff << (8 - keep)) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/** The client and holder of an address ("::ffff:127.0.0.1" and "127.0.0.1" are one client). */
function askerOf(address: string): Asker {
  return { client: within(address, CLIENT_PREFIX), holder: within(address, HOLDER_PREFIX) };
}

/**
 * Who sent `request`. TRUST_PROXY unset (0): the connection's address; X-Forwarded-For is
 * whatever the client chose and is ignored. N proxies that each append: the Nth entry from
 * the right (what the outermost trusted proxy saw). A proxy that overwrites the header
 * (TRUST_PROXY=true): the leftmost. A trusted proxy that sent no header: the connection.
 */
export function whoIsAsking(request: RequestLike, trustProxy: number): Asker {
  const forwarded =
    trustProxy > 0 ? trustedEntry(request.headers.get("x-forwarded-for"), trustProxy) : undefined;
  return askerOf(forwarded ?? peerAddress(request) ?? UNKNOWN);
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
