import ipaddr from "ipaddr.js";

/*
 * The network a client key (lib/http/client-key.ts) belongs to, for budgets that one holder of
 * many addresses must share: an IPv4 /24 or an IPv6 /64 by default. One ISP customer, cloud
 * machine or VPN exit usually holds a whole /64 (and often many IPv4 addresses of one /24), so
 * a budget per address alone is a budget per attempt for them.
 */

export type NetworkPrefixes = { ipv4: number; ipv6: number };

export const DEFAULT_NETWORK_PREFIXES: NetworkPrefixes = { ipv4: 24, ipv6: 64 };

/** "203.0.113.0/24", "2001:db8:1:2::/64"; a key that is no address (e.g. "unknown-client") is its own network. */
export function clientNetwork(key: string, prefixes: NetworkPrefixes = DEFAULT_NETWORK_PREFIXES): string {
  if (!ipaddr.isValid(key)) return key;
  let address = ipaddr.parse(key);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  const bits = address.kind() === "ipv4" ? prefixes.ipv4 : prefixes.ipv6;
  const bytes = address.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i]! &= (0xff << (8 - keep)) & 0xff;
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}
