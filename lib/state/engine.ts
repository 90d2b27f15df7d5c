import type { Redis } from "ioredis";
import { RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { logLine } from "../observability/log.mjs";
import { MemoryLimiter } from "./memory-limiter";
import { createRedisClient, firstConnectionAttempt, isReady, type RedisTarget } from "./redis-fail-fast.mjs";

// Which engine backs each piece of runtime state: this process's memory, or Redis with a fallback
// that does not wait. A plain factory so tests can run two "instances" on one Redis.

/** A rejection's wait in whole seconds, or null for a store error; duck-typed, as another bundle's RateLimiterRes fails instanceof. */
export function limitedFor(rejection: unknown): number | null {
  if (rejection instanceof Error || typeof rejection !== "object" || rejection === null) return null;
  const { msBeforeNext, consumedPoints } = rejection as { msBeforeNext?: unknown; consumedPoints?: unknown };
  if (typeof msBeforeNext !== "number" || typeof consumedPoints !== "number") return null;
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
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

export type StateEngine = ReturnType<typeof createStateEngine>;

const KEY_ROOT = "masthead";
/** Bounds on what one process keeps in memory, so hostile keys cannot grow it without end. */
const MAX_MEMORY_ENTRIES = 10_000;

/** `redis`: a redis:// URL or a Sentinel group; null or absent: embedded. */
export function createStateEngine(options: { redis?: RedisTarget | null; log?: (line: string) => void }) {
  const log = options.log ?? logLine("state");
  const target = options.redis ?? null;
  const kind = target ? ("redis" as const) : ("embedded" as const);

  const clients = new Map<string, Redis>();
  let blockingCount = 0;
  /** One client per purpose; a `blocking` one (BullMQ's worker) is always new. */
  function connect(purpose: string, blocking: boolean): Redis | null {
    if (!target) return null;
    const id = blocking ? `${purpose}#blocking${++blockingCount}` : purpose;
    if (!clients.has(id)) clients.set(id, createRedisClient(target, purpose, log, { blocking }));
    return clients.get(id)!;
  }
  const connection = (purpose = "state") => connect(purpose, false);
  const blockingConnection = (purpose: string) => connect(purpose, true);

  /** `work` on the state connection, or `fallback` at once when Redis is not ready or fails. */
  async function ask<T>(fallback: T, work: (client: Redis) => Promise<T>): Promise<T> {
    const client = connection();
    if (!client || !isReady(client)) return fallback;
    try {
      return await work(client);
    } catch {
      return fallback;
    }
  }

  // Writes that must outlive an outage (cache deletes, revocations), replayed on the next 'ready'.
  const pending = new Map<string, (client: Redis) => Promise<unknown>>();
  let replayHooked = false;
  /** Writes now, or keeps the write for the next 'ready' (false); bounded, the oldest dropped first. */
  async function writeOrReplay(key: string, write: (client: Redis) => Promise<unknown>): Promise<boolean> {
    const written = await ask(false, async (client) => {
      await write(client);
      return true;
    });
    if (written) return true;
    pending.delete(key);
    pending.set(key, write);
    if (pending.size > MAX_MEMORY_ENTRIES) {
      pending.delete(pending.keys().next().value!);
      log("too many writes waiting for Redis; dropped the oldest");
    }
    const client = connection();
    if (client && !replayHooked) {
      replayHooked = true;
      client.on("ready", () => void replay(client));
    }
    return false;
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

  const made = new Map<string, unknown>();
  const once = <T>(id: string, make: () => T): T => {
    if (!made.has(id)) made.set(id, make());
    return made.get(id) as T;
  };

  const limiter = ({ keyPrefix, points, durationSeconds: duration }: LimiterOptions) =>
    once(`limiter|${keyPrefix}|${points}|${duration}`, (): RateLimiterAbstract => {
      const memory = new MemoryLimiter({ keyPrefix, points, duration });
      const client = connection();
      return client
        ? new RateLimiterRedis({
            storeClient: client,
            keyPrefix: `${KEY_ROOT}:rl:${keyPrefix}`,
            points,
            duration,
            // Not even an attempt while the connection is down: straight to the insurance limiter.
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
    });

  const sharedCache = <T>(namespace: string, opts: { ttlSeconds: number }) =>
    once(`cache|${namespace}|${opts.ttlSeconds}`, () => makeSharedCache<T>(namespace, opts));
  function makeSharedCache<T>(namespace: string, opts: { ttlSeconds: number }): SharedCache<T> {
    const ttlMs = Math.max(1, Math.round(opts.ttlSeconds * 1000));
    if (!target) return memoryCache<T>(ttlMs);
    const keyOf = (key: string) => `${KEY_ROOT}:cache:${namespace}:${key}`;
    return {
      get: (key) =>
        ask(undefined, async (client) => {
          const raw = await client.get(keyOf(key));
          return raw === null ? undefined : (JSON.parse(raw) as T);
        }),
      // A lost cache write only means readers load the value again.
      set: (key, value) =>
        ask(
          undefined,
          async (client) => void (await client.set(keyOf(key), JSON.stringify(value), "PX", ttlMs)),
        ),
      delete: async (key) =>
        void (await writeOrReplay(`del:${keyOf(key)}`, (client) => client.del(keyOf(key)))),
    };
  }

  // Refused on this instance at once (even while Redis is down) and on every instance via Redis.
  const revocations = () => once("revocations", makeRevocations);
  function makeRevocations() {
    const local = new Map<string, number>();
    const keyOf = (id: string) => `${KEY_ROOT}:revoked:${id}`;
    return {
      async revoke(id: string, untilEpochMs: number) {
        if (untilEpochMs <= Date.now()) return;
        remember(local, id, untilEpochMs);
        if (!target) return;
        const written = await writeOrReplay(`revoke:${id}`, async (client) => {
          // A replay after the session would have expired has nothing left to refuse.
          if (untilEpochMs > Date.now()) await client.set(keyOf(id), "1", "PXAT", untilEpochMs);
        });
        if (!written)
          log(
            "Redis is unreachable: a revocation holds on this instance now and everywhere once Redis is back",
          );
      },
      isRevoked: async (id: string) =>
        (local.get(id) ?? 0) > Date.now() ||
        ask(false, async (client) => (await client.exists(keyOf(id))) === 1),
    };
  }

  /** True for the first claim of a key within the time to live, on any instance. */
  const firstUse = (namespace: string, opts: { ttlSeconds: number }) =>
    once(`once|${namespace}|${opts.ttlSeconds}`, () => makeFirstUse(namespace, opts));
  function makeFirstUse(namespace: string, opts: { ttlSeconds: number }) {
    const ttlMs = Math.max(1, Math.round(opts.ttlSeconds * 1000));
    const local = new Map<string, number>();
    return {
      async claim(key: string) {
        // Kept locally too, so this instance refuses a second use even if Redis drops out between the two.
        const until = local.get(key);
        if (until !== undefined && until > Date.now()) return false;
        remember(local, key, Date.now() + ttlMs);
        return ask(
          true,
          async (client) =>
            (await client.set(`${KEY_ROOT}:once:${namespace}:${key}`, "1", "PX", ttlMs, "NX")) === "OK",
        );
      },
    };
  }

  async function health() {
    const client = connection();
    if (!client) return { engine: "embedded" as const };
    await firstConnectionAttempt(client);
    const up = await ask(false, async (c) => (await c.ping()) === "PONG");
    return { engine: "redis" as const, redis: up ? ("up" as const) : ("down" as const) };
  }

  async function close(): Promise<void> {
    const quit = (c: Redis) => (c.status === "ready" ? c.quit().catch(() => c.disconnect()) : c.disconnect());
    await Promise.all([...clients.values()].map(quit));
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
      // Stored as JSON so callers get a copy, exactly as they would from Redis.
      return entry && entry.expiresAt > Date.now() ? (JSON.parse(entry.value) as T) : undefined;
    },
    async set(key, value) {
      entries.delete(key);
      remember(entries, key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** Sets `key` in a bounded map: when full, expired entries go first, then the oldest. */
function remember<V extends number | { expiresAt: number }>(
  map: Map<string, V>,
  key: string,
  value: V,
): void {
  if (map.size >= MAX_MEMORY_ENTRIES) {
    const now = Date.now();
    for (const [k, v] of map) if ((typeof v === "number" ? v : v.expiresAt) <= now) map.delete(k);
    if (map.size >= MAX_MEMORY_ENTRIES) map.delete(map.keys().next().value as string);
  }
  map.set(key, value);
}
