import ipaddr from "ipaddr.js";
import { clientKey, type RequestLike } from "./client-key";

/*
 * Who is asking, for every budget (search, signups, sign-in, the site-wide caps): the one place
 * that turns a client key (lib/http/client-key.ts, an address) into the two keys budgets count.
 *
 *  - The holder: whoever controls a block of addresses and can ask from any of them at no cost.
 *    An IPv4 /24 (the smallest block routed between networks, and what a cloud tenant, an office
 *    or a hosting customer typically holds; more IPv4 addresses cost real money). An IPv6 /48:
 *    the RIRs' assignment policy (RIPE-738, ARIN NRPM 6.5.4) makes a /48 the normal assignment to
 *    one end site, and tunnel brokers and many hosts hand a /48 to any customer for free. So a
 *    /64, or even a /56, is not one customer: counting by /64 gave one holder 65,536 fresh
 *    "networks" for nothing.
 *  - The client beneath it: one IPv4 address, or one IPv6 /64. A host picks any address of its
 *    /64 by itself (SLAAC, privacy addresses), so an IPv6 address alone is not one client.
 *
 * Every budget asks here; none chooses its own widths. The price is that readers behind one
 * holder (a campus, carrier-grade NAT, an office) share its budget, which the budgets are sized
 * for, with per-client limits beneath so one of them cannot spend it alone.
 */

export const HOLDER_PREFIX = { ipv4: 24, ipv6: 48 } as const;
export const CLIENT_PREFIX = { ipv4: 32, ipv6: 64 } as const;

export type Asker = {
  /** One IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64"). */
  client: string;
  /** An IPv4 /24 ("203.0.113.0/24"), or an IPv6 /48 ("2001:db8:1::/48"). */
  holder: string;
};

/** `key` with its address cut to `bits` ("a.b.c.0/24"); a key that is no address ("unknown-client") as it is. */
function within(key: string, prefix: { ipv4: number; ipv6: number }): string {
  if (!ipaddr.isValid(key)) return key;
  let address = ipaddr.parse(key);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  const bits = address.kind() === "ipv4" ? prefix.ipv4 : prefix.ipv6;
  if (bits === 32 && address.kind() === "ipv4") return address.toString();
  const bytes = address.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i]! &= (0xff << (8 - keep)) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/** The holder of a client key: an IPv4 /24 or an IPv6 /48. */
export function holderOf(key: string): string {
  return within(key, HOLDER_PREFIX);
}

/** The client of a client key: the IPv4 address, or its IPv6 /64. */
export function clientOf(key: string): string {
  return within(key, CLIENT_PREFIX);
}

/** The client and holder a client key belongs to. */
export function askerOf(key: string): Asker {
  return { client: clientOf(key), holder: holderOf(key) };
}

/** Who sent `request` (TRUST_PROXY decides which address counts: lib/http/client-key.ts). */
export function whoIsAsking(request: RequestLike, trustProxy: number): Asker {
  return askerOf(clientKey(request, trustProxy));
}
