// cache-handler.mjs is plain JavaScript: Node loads it as it is when next.config's `cacheHandler` names it.

export declare const NOT_FOUND_MEMORY_BYTES: number;

/** For tests; Next passes none. */
export type CacheHandlerOptions = {
  redisUrl?: import("../config/redis-target.mjs").RedisTarget | null;
  /** A separate in-process state, so one test process can hold two "instances". */
  instance?: string;
  log?: (line: string) => void;
  buildId?: string;
};

export default class MastheadCacheHandler {
  constructor(ctx?: Record<string, unknown>, options?: CacheHandlerOptions);
  get(key: string, ctx?: object): Promise<unknown>;
  set(key: string, data: unknown, ctx?: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export declare function closeNextCacheConnections(): Promise<void>;
