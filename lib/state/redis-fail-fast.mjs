/*
 * How every Masthead Redis client connects, in plain JavaScript because Next loads the cache
 * handler (lib/next-cache/cache-handler.mjs) as plain JS outside its bundles, while the app's
 * clients (lib/state/redis-connection.ts) are TypeScript: one source for both.
 *
 * Every call fails fast instead of waiting. With the offline queue off, a command issued while
 * the connection is down is refused at once (no buffering until Redis comes back); a command on
 * a live but stalled connection gives up after COMMAND_TIMEOUT_MS. Callers fall back (insurance
 * limiter, cache miss, local copy), so pages and forms answer as fast with Redis down as up.
 */

export const CONNECT_TIMEOUT_MS = 500;
export const COMMAND_TIMEOUT_MS = 250;
const MAX_BACKOFF_MS = 2_000;

export const FAIL_FAST_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  // Keep trying for as long as the process lives, backing off to every 2 s (with jitter, so a
  // fleet of instances does not reconnect in lockstep).
  retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), MAX_BACKOFF_MS) + Math.random() * 100,
};

/** "host:port/db" without user or password, for log lines. */
export function describeRedis(url) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "6379"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "(unreadable REDIS_URL)";
  }
}

/**
 * Settles on a new client's first answer (ready or error), at most the connect timeout later:
 * the first requests after start-up wait for it instead of missing Redis while it connects;
 * later ones never wait.
 */
export function firstAttempt(client) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CONNECT_TIMEOUT_MS + 50);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", done);
    client.once("error", done);
  });
}
