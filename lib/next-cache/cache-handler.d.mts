/*
 * Types for cache-handler.mjs: plain JavaScript, which Node loads as it is when next.config's
 * `cacheHandler` names it.
 */

export declare const NOT_FOUND_MEMORY_BYTES: number;

export declare class ByteLru<V = Buffer> {
  constructor(maxBytes: number, sizeOfValue?: (value: V) => number);
  readonly bytes: number;
  readonly size: number;
  get(key: string): V | undefined;
  peek(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export type CacheHandlerOptions = {
  /** Overrides the environment's Redis (a URL or a Sentinel group; null: no Redis). */
  redisUrl?: import("../state/redis-fail-fast.mjs").RedisTarget | null;
  /** Names a separate in-process state, so one test process can hold two "instances". */
  instance?: string;
  log?: (line: string) => void;
  /** Overrides the build id read from the build folder. */
  buildId?: string;
};

/** Next's documented cache-handler interface (the class next.config's `cacheHandler` names). */
export default class MastheadCacheHandler {
  constructor(ctx?: Record<string, unknown>, options?: CacheHandlerOptions);
  get(key: string, ctx?: object): Promise<unknown>;
  set(key: string, data: unknown, ctx?: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export declare function closeNextCacheConnections(): Promise<void>;
