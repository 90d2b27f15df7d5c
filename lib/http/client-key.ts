import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * Who is asking, for every budget: nothing else reads X-Forwarded-For, which counts only when
 * TRUST_PROXY says a proxy sets it; otherwise the server stamps the connection's address. A holder
 * is the block one party gets at no cost: an IPv4 /24 (smallest routed), an IPv6 /48 (RIPE-738).
 */

/** A Request in route handlers, `{ headers: await headers() }` in pages. */
export type RequestLike = { headers: Pick<Headers, "get"> };

export type Asker = {
  /** One IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64"). */
  client: string;
  /** An IPv4 /24 ("203.0.113.0/24"), or an IPv6 /48 ("2001:db8:1::/48"). */
  holder: string;
};

const HOLDER_PREFIX = { ipv4: 24, ipv6: 48 } as const;
const CLIENT_PREFIX = { ipv4: 32, ipv6: 64 } as const;

export const PEER_ADDRESS_HEADER = "x-masthead-peer-address";
const UNKNOWN = "unknown-client";

// A per-process token in the stamp: a header a client made up (where the stamp did not run) never passes.
const stampToken = () => processMemo("http", () => randomBytes(12).toString("base64url"));

export function stampPeerAddress(
  headers: Record<string, string | string[] | undefined> | Headers,
  address: string | undefined,
): void {
  const value = `${stampToken()} ${address ?? ""}`;
  if (headers instanceof Headers) headers.set(PEER_ADDRESS_HEADER, value);
  else headers[PEER_ADDRESS_HEADER] = value;
}

/** Without a trusted proxy X-Forwarded-For becomes the connection's address too, for what Next reads of it. */
export function peerAddressStamp(request: IncomingMessage, trustProxy: number): void {
  stampPeerAddress(request.headers, request.socket?.remoteAddress);
  if (trustProxy === 0) request.headers["x-forwarded-for"] = request.socket?.remoteAddress ?? "";
}

function peerAddress(request: RequestLike): string | undefined {
  const raw = request.headers.get(PEER_ADDRESS_HEADER);
  if (!raw) return undefined;
  const space = raw.indexOf(" ");
  if (space < 0 || raw.slice(0, space) !== stampToken()) return undefined;
  return raw.slice(space + 1).trim() || undefined;
}

/** Nth from the right: what the outermost of `trustProxy` trusted proxies saw. */
function trustedEntry(header: string | null, trustProxy: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustProxy)];
}

/** "a.b.c.0/24"; what is no address is the unknown client. */
function within(address: string, prefix: { ipv4: number; ipv6: number }): string {
  const text = address.slice(0, 64);
  if (!ipaddr.isValid(text)) return UNKNOWN;
  const parsed = ipaddr.process(text); // IPv4 written as IPv6 is IPv4
  const v4 = parsed.kind() === "ipv4";
  const bits = v4 ? prefix.ipv4 : prefix.ipv6;
  if (bits === 32 && v4) return parsed.toString();
  const cidr = `${parsed.toString()}/${bits}`;
  return `${(v4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(cidr).toString()}/${bits}`;
}

/** TRUST_PROXY=true (the leftmost entry) is MAX_SAFE_INTEGER; a trusted proxy that sent none: the connection. */
export function whoIsAsking(request: RequestLike, trustProxy: number): Asker {
  const forwarded =
    trustProxy > 0 ? trustedEntry(request.headers.get("x-forwarded-for"), trustProxy) : undefined;
  const address = forwarded ?? peerAddress(request) ?? UNKNOWN;
  return { client: within(address, CLIENT_PREFIX), holder: within(address, HOLDER_PREFIX) };
}

/** Host, or a trusted proxy's X-Forwarded-Host (chosen like X-Forwarded-For); lower-case. */
export function requestHost(request: RequestLike, trustProxy: number): string | undefined {
  const forwarded =
    trustProxy > 0 ? trustedEntry(request.headers.get("x-forwarded-host"), trustProxy) : undefined;
  const host = forwarded || request.headers.get("host")?.trim();
  return host ? host.toLowerCase() : undefined;
}
