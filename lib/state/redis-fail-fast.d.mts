import type { Redis, RedisOptions } from "ioredis";

export const CONNECT_TIMEOUT_MS: number;
export const COMMAND_TIMEOUT_MS: number;
export const FAIL_FAST_OPTIONS: RedisOptions;
export function describeRedis(url: string): string;
export function firstAttempt(client: Redis): Promise<void>;
