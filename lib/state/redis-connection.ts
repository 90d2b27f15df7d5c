import { Redis, type Command } from "ioredis";
import { logLine } from "../observability/log.mjs";
import { FAIL_FAST_OPTIONS, describeRedis, firstAttempt } from "./redis-fail-fast.mjs";

/*
 * The app's Redis clients: the fail-fast settings every Masthead client shares
 * (./redis-fail-fast.mjs), plus logging of reachable/unreachable once per change.
 */

/**
 * A connected-on-demand ioredis client that logs each change between reachable and
 * unreachable once (never the URL's credentials) and never throws an unhandled 'error'.
 */
export function createRedisClient(
  url: string,
  purpose: string,
  log: (line: string) => void = logLine("state"),
): Redis {
  const where = describeRedis(url);
  const client = new Redis(url, { ...FAIL_FAST_OPTIONS, connectionName: `masthead:${purpose}` });
  let reachable: boolean | undefined;
  client.on("ready", () => {
    if (reachable !== true) log(`Redis at ${where} (${purpose}) is reachable; state is shared.`);
    reachable = true;
  });
  client.on("error", (error: Error) => {
    if (reachable !== false)
      log(
        `Redis at ${where} (${purpose}) is unreachable (${error.name}: ${redactMessage(error.message, url)}); using in-memory fallbacks until it is back.`,
      );
    reachable = false;
  });
  client.on("end", () => {
    reachable = undefined;
  });
  dropConnectionWhenStalled(client, () => {
    if (reachable !== false)
      log(
        `Redis at ${where} (${purpose}) stopped answering (a command timed out); reconnecting, using in-memory fallbacks until it answers.`,
      );
    reachable = false;
  });
  client.connect().catch(() => {
    // Reported by the 'error' handler; the retry strategy keeps reconnecting.
  });
  firstAttempts.set(client, firstAttempt(client));
  return client;
}

const firstAttempts = new WeakMap<Redis, Promise<void>>();

/**
 * Resolves once a client made by createRedisClient has had its first connection attempt
 * answered (at most the connect timeout): a yes/no question asked right after start-up
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
