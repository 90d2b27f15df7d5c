import { Redis, type Command, type RedisOptions } from "ioredis";

/*
 * How Masthead talks to Redis: every call fails fast instead of waiting. With the offline
 * queue off, a command issued while the connection is down is refused at once (no buffering
 * until Redis comes back); a command on a live but stalled connection gives up after
 * COMMAND_TIMEOUT_MS. Callers fall back (insurance limiter, cache miss, local revocation list),
 * so a page or a form answers as fast with Redis down as with it up.
 */

export const CONNECT_TIMEOUT_MS = 500;
export const COMMAND_TIMEOUT_MS = 250;
const MAX_BACKOFF_MS = 2_000;

/** "host:port/db" without user or password, for log lines. */
export function describeRedis(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "6379"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "(unreadable REDIS_URL)";
  }
}

export const FAIL_FAST_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  // Keep trying for as long as the process lives, backing off to every 2 s (with jitter, so a
  // fleet of instances does not reconnect in lockstep).
  retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), MAX_BACKOFF_MS) + Math.random() * 100,
};

/**
 * A connected-on-demand ioredis client that logs each change between reachable and
 * unreachable once (never the URL's credentials) and never throws an unhandled 'error'.
 */
export function createRedisClient(
  url: string,
  purpose: string,
  log: (line: string) => void = (line) => console.warn(line),
): Redis {
  const where = describeRedis(url);
  const client = new Redis(url, { ...FAIL_FAST_OPTIONS, connectionName: `masthead:${purpose}` });
  let reachable: boolean | undefined;
  client.on("ready", () => {
    if (reachable !== true) log(`[state] Redis at ${where} (${purpose}) is reachable; state is shared.`);
    reachable = true;
  });
  client.on("error", (error: Error) => {
    if (reachable !== false)
      log(
        `[state] Redis at ${where} (${purpose}) is unreachable (${error.name}: ${redactMessage(error.message, url)}); using in-memory fallbacks until it is back.`,
      );
    reachable = false;
  });
  client.on("end", () => {
    reachable = undefined;
  });
  dropConnectionWhenStalled(client, () => {
    if (reachable !== false)
      log(
        `[state] Redis at ${where} (${purpose}) stopped answering (a command timed out); reconnecting, using in-memory fallbacks until it answers.`,
      );
    reachable = false;
  });
  client.connect().catch(() => {
    // Reported by the 'error' handler; the retry strategy keeps reconnecting.
  });
  // Settles on the first answer (ready or error), bounded by the connect timeout.
  firstAttempts.set(
    client,
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_TIMEOUT_MS + 50);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once("ready", done);
      client.once("error", done);
    }),
  );
  return client;
}

const firstAttempts = new WeakMap<Redis, Promise<void>>();

/**
 * Resolves once a client made by createRedisClient has had its first connection attempt
 * answered (at most CONNECT_TIMEOUT_MS): a yes/no question asked right after start-up
 * ("is Redis up?") then gets the true answer instead of "not connected yet".
 */
export function firstConnectionAttempt(client: Redis): Promise<void> {
  return firstAttempts.get(client) ?? Promise.resolve();
}

/**
 * A stalled Redis (connected, not answering) would cost every call its full command timeout.
 * After the first timeout the connection is dropped and reopened: until a new connection
 * passes ioredis's ready check, the client is not "ready", so every caller falls back at once
 * instead of waiting 250 ms each.
 */
function dropConnectionWhenStalled(client: Redis, onStall: () => void): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: Command, stream?: Parameters<Redis["sendCommand"]>[1]) => {
    const result = send(command, stream);
    command.promise.catch((error: unknown) => {
      if (error instanceof Error && error.message === "Command timed out" && client.status === "ready") {
        onStall();
        client.disconnect(true);
      }
    });
    return result;
  }) as Redis["sendCommand"];
}

/** ioredis messages can quote the URL; never let its password reach a log. */
function redactMessage(message: string, url: string): string {
  let out = message.slice(0, 200);
  try {
    const { password, username } = new URL(url);
    for (const secret of [password, username, decodeURIComponent(password)]) {
      if (secret && secret.length >= 3) out = out.split(secret).join("***");
    }
  } catch {
    // nothing to redact from an unreadable URL
  }
  return out;
}

/** True when the client can take a command right now (no waiting for a connection). */
export function isReady(client: Redis): boolean {
  return client.status === "ready";
}
