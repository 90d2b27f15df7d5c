import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { logLine } from "../observability/log.mjs";
import { createRedisClient, firstConnectionAttempt, isReady, type RedisTarget } from "./redis-fail-fast.mjs";

/*
 * The one place that decides which engine backs each piece of runtime state. Features ask
 * for "a limiter", "a cache", "a revocation list" and never learn which engine they got.
 *
 *  - embedded (no REDIS_URL nor REDIS_SENTINELS): everything in this process's memory; one instance.
 *  - redis: shared by every instance; each piece falls back without waiting when Redis is
 *    unreachable (limiters to an in-memory insurance limiter, caches to a miss, revocations
 *    to this process's own list) and is shared again as soon as Redis is back.
 *
 * createStateEngine is a plain factory so tests can build two engines on one Redis (two
 * "instances" in one test process); the app gets its one engine through lib/state/index.ts.
 */

export type EngineKind = "embedded" | "redis";

/**
 * The whole seconds a limiter's rejection asks to wait (at least 1), or null when the
 * rejection is not a limit (a store error). Duck-typed on purpose: Next bundles
 * rate-limiter-flexible into each route type, and the one engine per process may have been
 * built by another bundle, so `instanceof RateLimiterRes` can be false for a real rejection.
 */
export function limitedFor(rejection: unknown): number | null {
  if (rejection instanceof Error || typeof rejection !== "object" || rejection === null) return null;
  const { msBeforeNext, consumedPoints } = rejection as { msBeforeNext?: unknown; consumedPoints?: unknown };
  if (typeof msBeforeNext !== "number" || typeof consumedPoints !== "number") return null;
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * A limiter's name (its keyPrefix without the Redis key root), the same on either engine: the
 * `limit` label of masthead_rate_limited_total.
 */
export function limitName(limiter: RateLimiterAbstract): string {
  return limiter.keyPrefix.replace(`${KEY_ROOT}:rl:`, "");
}

export type LimiterOptions = { keyPrefix: string; points: number; durationSeconds: number };

export type SharedCache<T> = {
  /** The value, or undefined on a miss, an expired entry or an unreachable store. */
  get(key: string): Promise<T | undefined>;
  /** Best effort: an unreachable store drops the write (it is a cache). */
  set(key: string, value: T): Promise<void>;
  /** Never lost: a delete that cannot reach Redis is replayed when it is back. */
  delete(key: string): Promise<void>;
};

export type Revocations = {
  /** Refuses `id` until `untilEpochMs`, on this instance at once and on every instance via Redis. */
  revoke(id: string, untilEpochMs: number): Promise<void>;
  isRevoked(id: string): Promise<boolean>;
};

export type FirstUse = {
  /**
   * True for the first claim of `key` within the namespace's time to live, on any instance
   * (Redis SET NX); false for every later one. While Redis is unreachable, claims are this
   * instance's only (a key claimed elsewhere in the meantime can be claimed here once more).
   */
  claim(key: string): Promise<boolean>;
};

export type StateHealth = { engine: EngineKind; redis?: "up" | "down" };

export type StateEngine = {
  kind: EngineKind;
  /** Where Redis is (a URL or a Sentinel group); null when embedded. */
  target: RedisTarget | null;
  connection(purpose?: string): Redis | null;
  /**
   * A connection of its own for a client that blocks (BullMQ's worker): it waits for Redis
   * instead of failing fast. Closed with the engine.
   */
  blockingConnection(purpose: string): Redis | null;
  limiter(opts: LimiterOptions): RateLimiterAbstract;
  sharedCache<T>(namespace: string, opts: { ttlSeconds: number }): SharedCache<T>;
  revocations(): Revocations;
  firstUse(namespace: string, opts: { ttlSeconds: number }): FirstUse;
  health(): Promise<StateHealth>;
  /** Closes every connection (tests, shutdown). */
  close(): Promise<void>;
};

const KEY_ROOT = "masthead";
/** Bounds on what one process keeps in memory, so hostile keys cannot grow it without end. */
const MAX_MEMORY_ENTRIES = 10_000;
const MAX_PENDING_WRITES = 10_000;

type Log = (line: string) => void;

export type StateEngineOptions = {
  /** A redis:// URL or a Sentinel group (lib/config's `redis`); null or absent: embedded. */
  redis?: RedisTarget | null;
  /** The same as `redis` with a URL. */
  redisUrl?: string | null;
  log?: Log;
};

export function createStateEngine(options: StateEngineOptions): StateEngine {
  const log = options.log ?? logLine("state");
  const target = options.redis ?? options.redisUrl ?? null;
  const kind: EngineKind = target ? "redis" : "embedded";

  const clients = new Map<string, Redis>();
  function connection(purpose = "state"): Redis | null {
    if (!target) return null;
    let client = clients.get(purpose);
    if (!client) {
      client = createRedisClient(target, purpose, log);
      clients.set(purpose, client);
    }
    return client;
  }
  let blockingCount = 0;
  function blockingConnection(purpose: string): Redis | null {
    if (!target) return null;
    const client = createRedisClient(target, purpose, log, { blocking: true });
    clients.set(`${purpose}#blocking${++blockingCount}`, client);
    return client;
  }

  // Writes that must not be lost to an outage (cache deletes, revocations) wait here and are
  // replayed on the next 'ready'. Bounded; the oldest are dropped first (and logged).
  const pending = new Map<string, (client: Redis) => Promise<unknown>>();
  let replayHooked = false;
  function queueWrite(key: string, write: (client: Redis) => Promise<unknown>): void {
    pending.delete(key);
    pending.set(key, write);
    if (pending.size > MAX_PENDING_WRITES) {
      const oldest = pending.keys().next().value;
      if (oldest !== undefined) pending.delete(oldest);
      log("too many writes waiting for Redis; dropped the oldest");
    }
    const client = connection();
    if (client && !replayHooked) {
      replayHooked = true;
      client.on("ready", () => void replay(client));
    }
  }
  async function replay(client: Redis): Promise<void> {
    for (const [key, write] of [...pending]) {
      try {
        await write(client);
        if (pending.get(key) === write) pending.delete(key);
      } catch {
        return; // down again: the next 'ready' retries what is left
      }
    }
  }

  const limiters = new Map<string, RateLimiterAbstract>();
  function limiter(opts: LimiterOptions): RateLimiterAbstract {
    const id = `${opts.keyPrefix}|${opts.points}|${opts.durationSeconds}`;
    let made = limiters.get(id);
    if (made) return made;
    const memory = new RateLimiterMemory({
      keyPrefix: opts.keyPrefix,
      points: opts.points,
      duration: opts.durationSeconds,
    });
    const client = connection();
    made = client
      ? new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${KEY_ROOT}:rl:${opts.keyPrefix}`,
          points: opts.points,
          duration: opts.durationSeconds,
          // Not even an attempt while the connection is down: straight to the insurance limiter.
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    limiters.set(id, made);
    return made;
  }

  const caches = new Map<string, SharedCache<unknown>>();
  function sharedCache<T>(namespace: string, opts: { ttlSeconds: number }): SharedCache<T> {
    const id = `${namespace}|${opts.ttlSeconds}`;
    let made = caches.get(id) as SharedCache<T> | undefined;
    if (!made) {
      made = makeSharedCache<T>(namespace, opts);
      caches.set(id, made as SharedCache<unknown>);
    }
    return made;
  }

  function makeSharedCache<T>(namespace: string, opts: { ttlSeconds: number }): SharedCache<T> {
    const ttlMs = Math.max(1, Math.round(opts.ttlSeconds * 1000));
    const client = connection();
    if (!client) return memoryCache<T>(ttlMs);
    const keyOf = (key: string) => `${KEY_ROOT}:cache:${namespace}:${key}`;
    return {
      async get(key) {
        if (!isReady(client)) return undefined;
        try {
          const raw = await client.get(keyOf(key));
          return raw === null ? undefined : (JSON.parse(raw) as T);
        } catch {
          return undefined;
        }
      },
      async set(key, value) {
        if (!isReady(client)) return;
        try {
          await client.set(keyOf(key), JSON.stringify(value), "PX", ttlMs);
        } catch {
          // a cache write may be lost; readers load the value again
        }
      },
      async delete(key) {
        const write = (c: Redis) => c.del(keyOf(key));
        if (isReady(client)) {
          try {
            await write(client);
            return;
          } catch {
            // fall through: replay when Redis is back
          }
        }
        queueWrite(`del:${keyOf(key)}`, write);
      },
    };
  }

  let revocationList: Revocations | undefined;
  function revocations(): Revocations {
    if (revocationList) return revocationList;
    // Always kept locally too: this instance refuses a revoked id even while Redis is down.
    const local = new Map<string, number>();
    const rememberLocally = (id: string, until: number) => {
      if (local.size >= MAX_MEMORY_ENTRIES) sweep(local);
      if (local.size >= MAX_MEMORY_ENTRIES) local.delete(local.keys().next().value as string);
      local.set(id, until);
    };
    const locallyRevoked = (id: string) => {
      const until = local.get(id);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      local.delete(id);
      return false;
    };
    const client = connection();
    const keyOf = (id: string) => `${KEY_ROOT}:revoked:${id}`;
    revocationList = {
      async revoke(id, untilEpochMs) {
        if (untilEpochMs <= Date.now()) return;
        rememberLocally(id, untilEpochMs);
        if (!client) return;
        const write = async (c: Redis) => {
          // A replay after the session would have expired has nothing left to refuse.
          if (untilEpochMs > Date.now()) await c.set(keyOf(id), "1", "PXAT", untilEpochMs);
        };
        if (isReady(client)) {
          try {
            await write(client);
            return;
          } catch {
            // fall through
          }
        }
        log(
          "Redis is unreachable: a revocation holds on this instance now and everywhere once Redis is back",
        );
        queueWrite(`revoke:${id}`, write);
      },
      async isRevoked(id) {
        if (locallyRevoked(id)) return true;
        if (!client || !isReady(client)) return false;
        try {
          return (await client.exists(keyOf(id))) === 1;
        } catch {
          return false;
        }
      },
    };
    return revocationList;
  }

  const firstUses = new Map<string, FirstUse>();
  function firstUse(namespace: string, opts: { ttlSeconds: number }): FirstUse {
    const id = `${namespace}|${opts.ttlSeconds}`;
    let made = firstUses.get(id);
    if (made) return made;
    const ttlMs = Math.max(1, Math.round(opts.ttlSeconds * 1000));
    const local = new Map<string, number>();
    const claimLocally = (key: string) => {
      const until = local.get(key);
      if (until !== undefined && until > Date.now()) return false;
      if (local.size >= MAX_MEMORY_ENTRIES) sweep(local);
      if (local.size >= MAX_MEMORY_ENTRIES) local.delete(local.keys().next().value as string);
      local.set(key, Date.now() + ttlMs);
      return true;
    };
    const client = connection();
    made = {
      async claim(key) {
        // Kept locally too, so this instance refuses a second use even if Redis drops out between the two.
        if (!claimLocally(key)) return false;
        if (!client || !isReady(client)) return true;
        try {
          return (await client.set(`${KEY_ROOT}:once:${namespace}:${key}`, "1", "PX", ttlMs, "NX")) === "OK";
        } catch {
          return true;
        }
      },
    };
    firstUses.set(id, made);
    return made;
  }

  async function health(): Promise<StateHealth> {
    const client = connection();
    if (!client) return { engine: "embedded" };
    await firstConnectionAttempt(client);
    if (!isReady(client)) return { engine: "redis", redis: "down" };
    try {
      const pong = await client.ping();
      return { engine: "redis", redis: pong === "PONG" ? "up" : "down" };
    } catch {
      return { engine: "redis", redis: "down" };
    }
  }

  async function close(): Promise<void> {
    await Promise.all(
      [...clients.values()].map(async (c) => {
        try {
          if (c.status === "ready") await c.quit();
          else c.disconnect();
        } catch {
          c.disconnect();
        }
      }),
    );
    clients.clear();
  }

  return {
    kind,
    target,
    connection,
    blockingConnection,
    limiter,
    sharedCache,
    revocations,
    firstUse,
    health,
    close,
  };
}

/** The embedded cache: a bounded Map with expiry, in this process. */
function memoryCache<T>(ttlMs: number): SharedCache<T> {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      // Stored as JSON so callers get a copy, exactly as they would from Redis.
      return JSON.parse(entry.value) as T;
    },
    async set(key, value) {
      entries.delete(key);
      if (entries.size >= MAX_MEMORY_ENTRIES) {
        sweep(entries);
        if (entries.size >= MAX_MEMORY_ENTRIES) entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

function sweep<V>(map: Map<string, V>): void {
  const now = Date.now();
  for (const [key, value] of map) {
    const until = typeof value === "number" ? value : (value as { expiresAt: number }).expiresAt;
    if (until <= now) map.delete(key);
  }
}
