import { Redis } from "ioredis";
import { redisTargetFromVars } from "../config/redis-target.mjs";
import { logLine } from "../observability/log.mjs";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * How every Masthead Redis client connects and fails, in plain JavaScript because the cache
 * handler (lib/next-cache/) is plain JS that Node can load as it is, while the app's clients
 * (lib/state/engine.ts, lib/delivery/) are TypeScript: one recipe for all of them.
 *
 * A target is one Redis (a redis:// URL) or a Sentinel group (the Sentinels' addresses and the
 * master group name): with Sentinels, every client asks them where the primary is on each
 * (re)connection and drops its connection as soon as they announce a failover, so state, the
 * cache, pub/sub, the queue and its worker all follow the new primary.
 *
 * Every call fails fast instead of waiting. With the offline queue off, a command issued while
 * the connection is down is refused at once (no buffering until Redis comes back); a command on
 * a live but stalled connection gives up after COMMAND_TIMEOUT_MS, and the stalled connection is
 * then dropped so later calls fall back at once. Callers fall back (insurance limiter, cache
 * miss, local copy), so pages and forms answer as fast with Redis down as up. The one exception
 * is a blocking client (BullMQ's worker), which waits for Redis by design.
 */

export const CONNECT_TIMEOUT_MS = 500;
export const COMMAND_TIMEOUT_MS = 250;
const MAX_BACKOFF_MS = 2_000;

/** Keep trying for as long as the process lives, backing off to every 2 s (with jitter, so a fleet does not reconnect in lockstep). */
const retryStrategy = (times) => Math.min(50 * 2 ** Math.min(times, 6), MAX_BACKOFF_MS) + Math.random() * 100;

export const FAIL_FAST_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  retryStrategy,
};

/**
 * BullMQ's worker blocks on Redis: it needs `maxRetriesPerRequest: null` (BullMQ refuses a
 * worker connection without it) and a connection that waits for Redis instead of failing.
 */
const BLOCKING_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: true,
  connectTimeout: CONNECT_TIMEOUT_MS,
  maxRetriesPerRequest: null,
  retryStrategy,
};

/** The Redis the environment names (REDIS_URL, or REDIS_SENTINELS and its companions), or null. */
export function redisTargetFromEnv(vars = process.env) {
  return redisTargetFromVars(vars);
}

/** A redis:// or rediss:// URL as ioredis connection options (so both kinds of target give one options object). */
function urlOptions(url) {
  const u = new URL(url);
  const db = u.pathname.replace(/^\/+/, "");
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(u.protocol === "rediss:" ? { tls: { servername: u.hostname } } : {}),
  };
}

/** How to reach the target: a host, or the Sentinels that name the primary. */
function whereOptions(target) {
  if (typeof target === "string") return urlOptions(target);
  return {
    sentinels: target.sentinels,
    name: target.name,
    role: "master",
    ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
    ...(target.password ? { password: target.password } : {}),
    // Subscribes to the Sentinels' +switch-master: a client leaves a demoted primary at once
    // instead of at its next failed command.
    failoverDetector: true,
    // Keep asking the Sentinels as long as the process lives (their default gives up).
    sentinelRetryStrategy: retryStrategy,
  };
}

/**
 * The ioredis options of every Masthead client for `target` (a REDIS_URL or a Sentinel group):
 * where to connect, the fail-fast behaviour (or the blocking one, for BullMQ's worker), and a
 * connection name that says which part of Masthead holds it (CLIENT LIST). `overrides` win.
 */
export function redisOptions(target, purpose, overrides = {}) {
  const { blocking = false, ...rest } = overrides;
  return {
    ...whereOptions(target),
    ...(blocking ? BLOCKING_OPTIONS : FAIL_FAST_OPTIONS),
    connectionName: `masthead:${purpose}`,
    ...rest,
  };
}

/** "host:port/db" or "sentinel group NAME (host:port, …)", without user or password, for log lines. */
export function describeRedis(target) {
  if (target && typeof target === "object")
    return `Sentinel group ${target.name} (${target.sentinels.map((s) => `${s.host}:${s.port}`).join(", ")})`;
  try {
    const u = new URL(target);
    return `${u.hostname}:${u.port || "6379"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "(unreadable REDIS_URL)";
  }
}

/**
 * lib/state's part of the process (lib/memo), made here since the cache handler loads this module
 * unbundled: Redis clients' first attempts; the engine, readiness and the used-once database.
 */
export const processState = () =>
  processMemo("state", () => ({
    firstAttempts: new WeakMap(),
    announced: false,
    engine: undefined,
    usedOnce: undefined,
    lifecycle: { draining: false, starting: new Set(), problems: new Map(), shutdownInstalled: false },
  }));

/**
 * A connected-on-demand ioredis client with the fail-fast options, that logs each change
 * between reachable and unreachable once (never the URL's credentials; `log` is a reporter
 * from logLine, whose second argument is the level), never throws an
 * unhandled 'error', and drops a stalled connection. `subscriber` clients skip the stall check
 * (a subscribed connection sends no commands to time out); `blocking` clients (BullMQ's
 * worker) wait for Redis instead of failing fast, and skip it too.
 */
export function createRedisClient(target, purpose, log = logLine("state"), options = {}) {
  const where = describeRedis(target);
  const client = new Redis(redisOptions(target, purpose, { blocking: Boolean(options.blocking) }));
  let reachable;
  client.on("ready", () => {
    if (reachable === false)
      log(`Redis at ${where} (${purpose}) is reachable again; state is shared.`, "info");
    else if (reachable === undefined) announceFirstConnection(where, purpose, log);
    reachable = true;
  });
  const unreachable = (why) => {
    if (reachable !== false)
      log(
        `Redis at ${where} (${purpose}) is unreachable (${why}); using in-memory fallbacks until it is back.`,
      );
    reachable = false;
  };
  client.on("error", (error) => unreachable(`${error.name}: ${redactMessage(error.message, target)}`));
  // A dropped connection is reported at once, not at the first failed reconnect.
  client.on("close", () => {
    if (reachable === true) unreachable("connection closed");
  });
  if (!options.subscriber && !options.blocking)
    dropConnectionWhenStalled(client, () => {
      if (reachable !== false)
        log(
          `Redis at ${where} (${purpose}) stopped answering (a command timed out); reconnecting, using in-memory fallbacks until it answers.`,
        );
      reachable = false;
    });
  reconnectWhenEndedUnasked(client);
  client.connect().catch(() => {
    // Reported by the 'error' handler; the retry strategy keeps reconnecting.
  });
  processState().firstAttempts.set(client, firstAttempt(client));
  return client;
}

/**
 * A process opens several connections (state, Next's cache and its tag channel, the delivery
 * queue): the first to connect says once, at info, that state is shared; the others only at debug.
 */
function announceFirstConnection(where, purpose, log) {
  const state = processState();
  if (state.announced) return log(`Redis at ${where} (${purpose}) connected.`, "debug");
  state.announced = true;
  log(`Redis at ${where} is reachable; state is shared.`, "info");
}

/**
 * Settles on a new client's first answer (ready or error), at most the connect timeout later:
 * the first requests after start-up wait for it instead of missing Redis while it connects;
 * later ones never wait.
 */
function firstAttempt(client) {
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

/**
 * Resolves once a client made by createRedisClient has had its first connection attempt
 * answered (at most the connect timeout): a yes/no question asked right after start-up
 * ("is Redis up?") then gets the true answer instead of "not connected yet".
 */
export function firstConnectionAttempt(client) {
  return processState().firstAttempts.get(client) ?? Promise.resolve();
}

/** True when the client can take a command right now (no waiting for a connection). */
export function isReady(client) {
  return client.status === "ready";
}

/**
 * A stalled Redis (connected, not answering) would cost every call its full command timeout.
 * After the first timeout the connection is dropped and reopened: until a new connection
 * passes ioredis's ready check, the client is not "ready", so every caller falls back at once
 * instead of waiting 250 ms each.
 */
function dropConnectionWhenStalled(client, onStall) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const result = send(command, stream);
    command.promise.catch((error) => {
      if (error instanceof Error && error.message === "Command timed out" && client.status === "ready") {
        onStall();
        client.disconnect(true);
      }
    });
    return result;
  };
}

/**
 * ioredis ends a client for good, without asking the retry strategy, when its connector's
 * connect fails: with Sentinels, the failover detector left over from the connection to a
 * killed primary hears the Sentinels announce the new one and closes the connector while the
 * client is asking them where the primary is, and that attempt ends as "Connection is closed."
 * A client is only ended by its owner (quit, disconnect()): any other end is a reconnection
 * that gave up, so it is started again after the usual backoff.
 */
function reconnectWhenEndedUnasked(client) {
  let closing = false;
  for (const method of ["quit", "disconnect", "connect"]) {
    const original = client[method].bind(client);
    // disconnect(true) is ioredis's own "drop and reconnect", not a close; an owner may connect
    // again what it closed (BullMQ does, to interrupt its blocking wait).
    client[method] = (...args) => {
      if (method === "connect") closing = false;
      else if (method === "quit" || !args[0]) closing = true;
      return original(...args);
    };
  }
  // BullMQ's worker blocks on a duplicate of the connection it is given: it needs the same care.
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (...args) => reconnectWhenEndedUnasked(duplicate(...args));
  let attempts = 0;
  client.on("ready", () => (attempts = 0));
  client.on("end", () => {
    if (closing) return;
    setTimeout(() => {
      if (!closing && client.status === "end") client.connect().catch(() => {});
    }, retryStrategy(++attempts)).unref();
  });
  return client;
}

/** ioredis messages can quote the URL; never let a password reach a log. */
function redactMessage(message, target) {
  let out = message.slice(0, 200);
  const secrets = [];
  if (target && typeof target === "object") secrets.push(target.password, target.sentinelPassword);
  else {
    try {
      const { password, username } = new URL(target);
      secrets.push(password, username, decodeURIComponent(password));
    } catch {
      // nothing to redact from an unreadable URL
    }
  }
  for (const secret of secrets) {
    if (secret && secret.length >= 3) out = out.split(secret).join("***");
  }
  return out;
}
