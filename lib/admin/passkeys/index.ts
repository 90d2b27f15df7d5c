import "server-only";
import path from "node:path";
import { env } from "../../config/env";
import { firstConnectionAttempt, redisConnection, stateEngine } from "../../state";
import { adminProcess } from "../process";
import { SqlitePasskeyStore, type PasskeyStore } from "./store";
import { RedisPasskeyStore } from "./store-redis";

export type { Passkey, PasskeyStore } from "./store";

/** The process's one passkey store: Redis when lib/state runs on Redis, else the SQLite file ADMIN_PASSKEY_STORE_PATH. */
export function passkeyStore(): PasskeyStore {
  const admin = adminProcess();
  if (admin.passkeys) return admin.passkeys;
  const redis = stateEngine() === "redis" ? redisConnection("passkeys") : null;
  return (admin.passkeys = redis
    ? new RedisPasskeyStore(redis, () => firstConnectionAttempt(redis))
    : new SqlitePasskeyStore(path.resolve(env().adminPasskeyStorePath)));
}

/** Where the passkeys are kept, in words for the operator's command. */
export function passkeyStoreDescription(): string {
  return stateEngine() === "redis"
    ? "Redis (REDIS_URL)"
    : `the SQLite file ${path.resolve(env().adminPasskeyStorePath)}`;
}
