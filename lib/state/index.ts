import "server-only";
import { env } from "../config/env";
import { createStateEngine, type LimiterOptions, type StateEngine } from "./engine";
import { processState } from "./redis-fail-fast.mjs";

/*
 * Runtime state that outlives a request: the only door to it. Embedded (this process's memory)
 * unless REDIS_URL or REDIS_SENTINELS names a Redis shared by every instance. One engine per
 * process, whichever of Next's bundles asks first.
 */

export type { EngineKind, FirstUse, LimiterOptions, Revocations, SharedCache, StateHealth } from "./engine";
export { firstConnectionAttempt } from "./redis-fail-fast.mjs";

function engine(): StateEngine {
  const state = processState();
  return (state.engine ??= createStateEngine({ redis: env().redis }));
}

/** Shutdown: closes the Redis connections if any were opened. */
export const closeState = async () => processState().engine?.close();
export const stateEngine = () => engine().kind;
/** Where Redis is (a URL or a Sentinel group); null when embedded. */
export const redisTarget = () => engine().target;
/** The shared ioredis client for `purpose` (one per purpose per process); null when embedded. */
export const redisConnection = (purpose?: string) => engine().connection(purpose);
/** A connection of its own that waits for Redis instead of failing fast (BullMQ's worker); null when embedded. */
export const blockingRedisConnection = (purpose: string) => engine().blockingConnection(purpose);
/** A rate limiter, the same one for the same options anywhere in the process. */
export const limiter = (opts: LimiterOptions) => engine().limiter(opts);
export const sharedCache = <T>(namespace: string, opts: { ttlSeconds: number }) =>
  engine().sharedCache<T>(namespace, opts);
export const revocations = () => engine().revocations();
/** Keys that can be claimed once per `ttlSeconds`, across every instance (one-time codes, single-use steps). */
export const firstUse = (namespace: string, opts: { ttlSeconds: number }) =>
  engine().firstUse(namespace, opts);
/** For readiness checks: which engine, and whether Redis answers. */
export const stateHealth = () => engine().health();
