type Options = {
  /**
   * Begin at a random count: for suites against the shared e2e site, whose budgets outlive a
   * retried test (a retry loads the spec again, and a count from zero would meet the addresses
   * the failed attempt spent).
   */
  startAnywhere?: boolean;
};

/** `count` as the `octets` last octets of an IPv4 address, 250 to an octet (never .250 to .255). */
const octets = (count: number, octets: number) =>
  Array.from({ length: octets }, (_, i) => Math.floor(count / 250 ** (octets - 1 - i)) % 250).join(".");

const start = (opts: Options) => (opts.startAnywhere ? Math.floor(Math.random() * 10_000) : 0);

/**
 * A new client address on each call, within `prefix`: suites that play the proxy name a reader
 * of their own in X-Forwarded-For (or stamp one as the connection's), so per-client budgets
 * never collide. `prefix` is one to three IPv4 octets ("198.19": 198.19.0.1, 198.19.0.2…), the
 * count filling the rest, 250 clients to a /24 as readers behind one network are; or an IPv6
 * /64 ("2001:db8:0": 2001:db8:0::1, 2001:db8:0::2…).
 */
export function clientAddresses(prefix: string, opts: Options = {}): () => string {
  let count = start(opts);
  const free = 4 - prefix.split(".").length;
  return () => {
    count++;
    return prefix.includes(":") ? `${prefix}::${count.toString(16)}` : `${prefix}.${octets(count, free)}`;
  };
}

/**
 * A new client on each call, each in a network of its own (an IPv4 /24, an IPv6 /64), for tests
 * where one client must not spend another's per-network budget: `oneClientPerNetwork("10")()`
 * is "10.A.B.1", `oneClientPerNetwork("2001:db8")()` "2001:db8:N::1".
 */
export function oneClientPerNetwork(prefix: string, opts: Options = {}): () => string {
  let count = start(opts);
  const free = 3 - prefix.split(".").length;
  return () => {
    count++;
    return prefix.includes(":") ? `${prefix}:${count.toString(16)}::1` : `${prefix}.${octets(count, free)}.1`;
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
