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
