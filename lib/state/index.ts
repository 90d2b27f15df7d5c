import "server-only";
import { env } from "../config/env";
import { createStateEngine, type LimiterOptions, type StateEngine } from "./engine";
import { processState } from "./redis-fail-fast.mjs";

// The only door to runtime state: one engine per process, whichever of Next's bundles asks first.

export type { LimiterOptions } from "./engine";
export { firstConnectionAttempt } from "./redis-fail-fast.mjs";

function engine(): StateEngine {
  const state = processState();
  return (state.engine ??= createStateEngine({ redis: env().redis }));
}

export const closeState = async () => processState().engine?.close();
export const stateEngine = () => engine().kind;
export const redisTarget = () => engine().target;
/** Null when embedded (as is every Redis connection). */
export const redisConnection = (purpose?: string) => engine().connection(purpose);
export const blockingRedisConnection = (purpose: string) => engine().blockingConnection(purpose);
export const limiter = (opts: LimiterOptions) => engine().limiter(opts);
export const sharedCache = <T>(namespace: string, opts: { ttlSeconds: number }) =>
  engine().sharedCache<T>(namespace, opts);
export const revocations = () => engine().revocations();
/** Keys that can be claimed once per `ttlSeconds`, across every instance (one-time codes, single-use steps). */
export const firstUse = (namespace: string, opts: { ttlSeconds: number }) =>
  engine().firstUse(namespace, opts);
export const stateHealth = () => engine().health();
