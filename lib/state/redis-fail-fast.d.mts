import type { Redis, RedisOptions } from "ioredis";
import type { RedisTarget } from "../config/redis-target.mjs";
import type { StateEngine } from "./engine";
import type { SqliteDb } from "./sqlite";

export type { RedisTarget } from "../config/redis-target.mjs";
export const COMMAND_TIMEOUT_MS: number;
export function redisOptions(target: RedisTarget, purpose: string, blocking?: boolean): RedisOptions;
export function describeRedis(target: RedisTarget): string;
export function createRedisClient(
  target: RedisTarget,
  purpose: string,
  log?: (line: string, level?: "debug" | "info" | "warn" | "error") => void,
  options?: { subscriber?: boolean; blocking?: boolean },
): Redis;
export function firstConnectionAttempt(client: Redis): Promise<void>;
export function isReady(client: Redis): boolean;
export function processState(): {
  firstAttempts: WeakMap<Redis, Promise<void>>;
  announced: boolean;
  engine: StateEngine | undefined;
  usedOnce: SqliteDb | undefined;
  lifecycle: {
    draining: boolean;
    starting: Set<string>;
    problems: Map<string, () => string | null>;
    shutdownInstalled: boolean;
  };
};
