import type { Redis, RedisOptions } from "ioredis";

export const CONNECT_TIMEOUT_MS: number;
export const COMMAND_TIMEOUT_MS: number;
export const FAIL_FAST_OPTIONS: RedisOptions;
export function describeRedis(url: string): string;
export function createRedisClient(
  url: string,
  purpose: string,
  log?: (line: string, level?: "debug" | "info" | "warn" | "error") => void,
  options?: { subscriber?: boolean },
): Redis;
export function firstConnectionAttempt(client: Redis): Promise<void>;
export function isReady(client: Redis): boolean;
