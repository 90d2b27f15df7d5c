import { once } from "node:events";
import { Redis } from "ioredis";
import { logLine } from "../observability/log.mjs";
import { processMemo } from "../memo/process-memo.mjs";

// Plain JS so Next's cache handler loads it unbundled. Clients follow a Sentinel failover and fail
// fast, so callers fall back at once; only a blocking client (BullMQ's worker) waits for Redis.

const CONNECT_TIMEOUT_MS = 500;
export const COMMAND_TIMEOUT_MS = 250;
const MAX_BACKOFF_MS = 2_000;

// Retries for as long as the process lives, with jitter so a fleet does not reconnect in lockstep.
const retryStrategy = (times) => Math.min(50 * 2 ** Math.min(times, 6), MAX_BACKOFF_MS) + Math.random() * 100;

function whereOptions(target) {
  if (typeof target === "string") {
    const u = new URL(target);
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
  return {
    sentinels: target.sentinels,
    name: target.name,
    role: "master",
    ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
    ...(target.password ? { password: target.password } : {}),
    // Leaves a demoted primary on the Sentinels' +switch-master, not at its next failed command.
    failoverDetector: true,
    // Keep asking the Sentinels as long as the process lives (their default gives up).
    sentinelRetryStrategy: retryStrategy,
  };
}

/** The ioredis options for `target`; the connection name says which part holds it (CLIENT LIST). */
export function redisOptions(target, purpose, blocking = false) {
  return {
    ...whereOptions(target),
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy,
    // BullMQ refuses a worker connection without `maxRetriesPerRequest: null`. The others' command
    // timeout is failFast's (below), not ioredis's `commandTimeout`.
    ...(blocking
      ? { enableOfflineQueue: true, maxRetriesPerRequest: null }
      : { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    connectionName: `masthead:${purpose}`,
  };
}

/** For log lines: never the user or password. */
export function describeRedis(target) {
  if (typeof target === "object")
    return `Sentinel group ${target.name} (${target.sentinels.map((s) => `${s.host}:${s.port}`).join(", ")})`;
  const u = new URL(target);
  return `${u.hostname}:${u.port || "6379"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
}

/** lib/state's part of the process, one for all of Next's bundles (made here: this module loads unbundled). */
export const processState = () =>
  processMemo("state", () => ({
    firstAttempts: new WeakMap(),
    announced: false,
    engine: undefined,
    usedOnce: undefined,
    lifecycle: { draining: false, starting: new Set(), problems: new Map(), shutdownInstalled: false },
  }));

/** Logs each change of reachability once; drops a stalled connection unless it waits by design (subscriber, blocking). */
export function createRedisClient(target, purpose, log = logLine("state"), options = {}) {
  const where = describeRedis(target);
  const client = new Redis(redisOptions(target, purpose, options.blocking));
  let reachable;
  client.on("ready", () => {
    if (reachable === false)
      log(`Redis at ${where} (${purpose}) is reachable again; state is shared.`, "info");
    else if (reachable === undefined) {
      // Of a process's several connections, the first says at info that state is shared.
      const state = processState();
      if (state.announced) log(`Redis at ${where} (${purpose}) connected.`, "debug");
      else log(`Redis at ${where} is reachable; state is shared.`, "info");
      state.announced = true;
    }
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
  if (!options.blocking)
    failFast(
      client,
      // A subscriber waits by design: its commands time out, its connection stays.
      options.subscriber
        ? null
        : () => {
            if (reachable !== false)
              log(
                `Redis at ${where} (${purpose}) stopped answering (a command timed out); reconnecting, using in-memory fallbacks until it answers.`,
              );
            reachable = false;
          },
    );
  reconnectWhenEndedUnasked(client);
  // Reported by the 'error' handler; the retry strategy keeps reconnecting.
  client.connect().catch(() => {});
  // Settles on the first answer ('ready' or 'error'), at most the connect timeout later.
  const firstAttempt = once(client, "ready", { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS + 50) });
  processState().firstAttempts.set(
    client,
    firstAttempt.catch(() => {}),
  );
  return client;
}

/** So "is Redis up?" asked right after start-up gets the true answer, not "not connected yet". */
export function firstConnectionAttempt(client) {
  return processState().firstAttempts.get(client) ?? Promise.resolve();
}

export function isReady(client) {
  return client.status === "ready";
}

/**
 * A command unanswered after COMMAND_TIMEOUT_MS fails, and (with `onStall`) its stalled connection
 * is dropped, so callers fall back at once until it is ready again. The verdict waits one turn of
 * the event loop: when the process itself was busy (start-up, a long render), a reply that arrived
 * meanwhile is read first, and a busy process is not taken for a stalled Redis. (ioredis's own
 * `commandTimeout` fires before that reply is read, which would put a busy instance on its
 * in-memory fallbacks.)
 */
function failFast(client, onStall) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const result = send(command, stream);
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          command.reject(new Error("Command timed out"));
          if (onStall && client.status === "ready") {
            onStall();
            client.disconnect(true);
          }
        }),
      COMMAND_TIMEOUT_MS,
    );
    const done = () => {
      settled = true;
      clearTimeout(timer);
    };
    command.promise.then(done, done);
    return result;
  };
}

/** ioredis ends a client for good when its connector fails (a Sentinel failover can): only its owner may end it. */
function reconnectWhenEndedUnasked(client) {
  let closing = false;
  for (const method of ["quit", "disconnect", "connect"]) {
    const original = client[method].bind(client);
    // disconnect(true) is a reconnect, not a close; BullMQ connects again what it closed.
    client[method] = (...args) => {
      if (method === "connect") closing = false;
      else if (method === "quit" || !args[0]) closing = true;
      return original(...args);
    };
  }
  // BullMQ's worker blocks on a duplicate of its connection.
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

// ioredis messages can quote the URL, its password percent-encoded or not.
function redactMessage(message, target) {
  const { username, password, sentinelPassword } = whereOptions(target);
  const url = typeof target === "string" ? new URL(target) : undefined;
  let out = message.slice(0, 200);
  for (const secret of [username, password, sentinelPassword, url?.username, url?.password]) {
    if (secret && secret.length >= 3) out = out.split(secret).join("***");
  }
  return out;
}
