import "server-only";
import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../config/env";
import {
  createStateEngine,
  type EngineKind,
  type FirstUse,
  type LimiterOptions,
  type Revocations,
  type SharedCache,
  type StateEngine,
  type StateHealth,
} from "./engine";
import { processState, type RedisTarget } from "./redis-fail-fast.mjs";

/*
 * Runtime state that outlives a request: the only door to it. Embedded (this process's memory)
 * unless REDIS_URL or REDIS_SENTINELS names a Redis shared by every instance. One engine per
 * process, whichever of Next's bundles asks first.
 */

export type { EngineKind, FirstUse, LimiterOptions, Revocations, SharedCache, StateHealth };
export { firstConnectionAttempt } from "./redis-fail-fast.mjs";

function engine(): StateEngine {
  const state = processState();
  return (state.engine ??= createStateEngine({ redis: env().redis }));
}

/** Shutdown: closes the Redis connections if any were opened. */
export async function closeState(): Promise<void> {
  await processState().engine?.close();
}

export function stateEngine(): EngineKind {
  return engine().kind;
}

/** Where Redis is (a URL or a Sentinel group); null when embedded. */
export function redisTarget(): RedisTarget | null {
  return engine().target;
}

/** The shared ioredis client for `purpose` (one per purpose per process); null when embedded. */
export function redisConnection(purpose?: string): Redis | null {
  return engine().connection(purpose);
}

/** A connection of its own that waits for Redis instead of failing fast (BullMQ's worker); null when embedded. */
export function blockingRedisConnection(purpose: string): Redis | null {
  return engine().blockingConnection(purpose);
}

/** A rate limiter, the same one for the same options anywhere in the process. */
export function limiter(opts: LimiterOptions): RateLimiterAbstract {
  return engine().limiter(opts);
}

export function sharedCache<T>(namespace: string, opts: { ttlSeconds: number }): SharedCache<T> {
  return engine().sharedCache<T>(namespace, opts);
}

export function revocations(): Revocations {
  return engine().revocations();
}

/** Keys that can be claimed once per `ttlSeconds`, across every instance (one-time codes, single-use steps). */
export function firstUse(namespace: string, opts: { ttlSeconds: number }): FirstUse {
  return engine().firstUse(namespace, opts);
}

/** For readiness checks: which engine, and whether Redis answers. */
export function stateHealth(): Promise<StateHealth> {
  return engine().health();
}
