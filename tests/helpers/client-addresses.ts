/**
 * A new client address on each call, within `prefix` (two octets, e.g. "198.19"): suites that play
 * the proxy name a reader of their own in X-Forwarded-For, so per-client budgets never collide.
 */
export function clientAddresses(prefix: string): () => string {
  let count = 0;
  return () => {
    count++;
    return `${prefix}.${Math.floor(count / 250)}.${count % 250}`;
  };
}

/**
 * A new network on each call, and addresses inside it: `networks("198.18")()` is an IPv4 /24
 * ("198.18.N.x"), `networks("2001:db8:5")()` an IPv6 /64 ("2001:db8:5:N::x", x in hex). For
 * suites testing budgets per network: every network they make is fresh, every address in it
 * one more client of that network.
 */
export function clientNetworks(prefix: string): () => () => string {
  const ipv6 = prefix.includes(":");
  let network = Math.floor(Math.random() * 200);
  return () => {
    const n = ++network % (ipv6 ? 65_536 : 256);
    let host = 0;
    return () => {
      host++;
      return ipv6 ? `${prefix}:${n.toString(16)}::${host.toString(16)}` : `${prefix}.${n}.${host % 250}`;
    };
  };
}
