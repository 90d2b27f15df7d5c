import "server-only";
import path from "node:path";
import { env } from "../config/env";
import { processState } from "./redis-fail-fast.mjs";
import { openSqlite, type SqliteDb } from "./sqlite";
import { redisConnection, stateEngine } from "./index";

// Keys used once for good (a recovery code). Fails closed while Redis is unreachable: a use claimed
// here alone could be claimed again elsewhere.

export type UseOnceResult = "first" | "used" | "unavailable";

function database(): SqliteDb {
  const state = processState();
  if (state.usedOnce) return state.usedOnce;
  const store = env().delivery.storePath;
  const db = openSqlite(
    store === ":memory:" ? ":memory:" : path.join(path.dirname(store), "used-once.sqlite"),
    ["journal_mode = WAL", "synchronous = FULL"],
  );
  db.exec("CREATE TABLE IF NOT EXISTS used_once (key TEXT PRIMARY KEY, used_at INTEGER NOT NULL)");
  return (state.usedOnce = db);
}

/** Claims `key` of `namespace`: "first" once, "used" ever after, on every instance. */
export async function claimOnce(namespace: string, key: string): Promise<UseOnceResult> {
  const full = `${namespace}:${key}`;
  if (stateEngine() === "embedded") {
    const { changes } = database()
      .prepare("INSERT OR IGNORE INTO used_once (key, used_at) VALUES (?, ?)")
      .run(full, Date.now());
    return Number(changes) === 1 ? "first" : "used";
  }
  const client = redisConnection();
  if (!client || client.status !== "ready") return "unavailable";
  try {
    return (await client.set(`masthead:used:${full}`, "1", "NX")) === "OK" ? "first" : "used";
  } catch {
    return "unavailable";
  }
}

/** How many of `keys` were claimed already (the account page's "recovery codes left"); throws when Redis cannot say. */
export async function claimedCount(namespace: string, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const full = keys.map((key) => `${namespace}:${key}`);
  if (stateEngine() === "embedded") {
    const db = database();
    return full.filter((key) => db.prepare("SELECT 1 FROM used_once WHERE key = ?").get(key)).length;
  }
  const client = redisConnection();
  if (!client || client.status !== "ready") throw new Error("Redis is unreachable");
  return client.exists(...full.map((key) => `masthead:used:${key}`));
}
