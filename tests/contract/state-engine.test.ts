import { Redis } from "ioredis";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStateEngine, limitedFor, type StateEngine } from "@/lib/state/engine";
import { readFileSync } from "node:fs";
import { existingProcessMemo, processMemo, resetProcessState } from "@/lib/memo/process-memo.mjs";
import { log } from "@/lib/observability/log.mjs";
import { COMMAND_TIMEOUT_MS } from "@/lib/state/redis-fail-fast.mjs";
import { freePort, startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";

/*
 * The state module's contract, against a real redis-server: two engines built on one Redis
 * stand for two instances (separate clients, separate insurance memory), and the outage
 * cases stop and restart that server. The embedded engine must keep the same contract.
 */

/** Well under a second: "nothing waits on an unreachable Redis" (a bound on waiting, not a speed target). */
const FAIL_FAST_MS = 1_000;

async function allowed(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

const unique = () => `k-${Math.random().toString(36).slice(2)}`;
const quietLog = (lines: string[]) => (line: string) => void lines.push(line);

describe("processMemo", () => {
  afterEach(() => resetProcessState());

  it("creates once per process and hands the same value to every caller", () => {
    let made = 0;
    const a = processMemo("search", () => ({ n: ++made }));
    const b = processMemo("search", () => ({ n: ++made }));
    expect(a).toBe(b);
    expect(made).toBe(1);
    // On globalThis, so separately bundled copies of the module share it too.
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[
      Symbol.for("masthead.processMemo")
    ];
    expect(registry?.get("search")).toBe(a);
  });

  it("holds the process's few named values, and a reset (a restart) keeps only the logger", () => {
    expect(() => processMemo("delivery.store", () => 1)).toThrow(/not one of the process's values/);
    log("state");
    const logger = existingProcessMemo("observability");
    processMemo("search", () => ({}));
    resetProcessState();
    expect(existingProcessMemo("search")).toBeUndefined();
    expect(existingProcessMemo("observability")).toBe(logger);
  });

  it("is asked for at most eight names across the product", async () => {
    const { execFileSync } = await import("node:child_process");
    const files = execFileSync("git", ["ls-files", "app", "lib", "components", ":(top,glob)*.ts"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f));
    const names = new Set<string>();
    for (const file of files)
      for (const call of readFileSync(file, "utf8").matchAll(/processMemo(?:<[^>]*>)?\(\s*"([^"]+)"/g))
        names.add(call[1]!);
    expect(names.size).toBeGreaterThan(0);
    expect(names.size).toBeLessThanOrEqual(8);
  });
});

describe("limitedFor (is a rejection a limit, and for how long)", () => {
  it("recognises a limiter's rejection, even one made by another bundle's copy of the library", async () => {
    const engine = createStateEngine({ redis: null });
    const one = engine.limiter({ keyPrefix: unique(), points: 1, durationSeconds: 30 });
    await one.consume("k");
    const rejection = await one.consume("k").catch((r: unknown) => r);
    expect(limitedFor(rejection)).toBeGreaterThanOrEqual(29);
    expect(limitedFor(rejection)).toBeLessThanOrEqual(30);
    // What a RateLimiterRes from a second copy of rate-limiter-flexible looks like to this one.
    expect(limitedFor({ msBeforeNext: 1_500, consumedPoints: 2, remainingPoints: 0 })).toBe(2);
    expect(limitedFor({ msBeforeNext: 0, consumedPoints: 2 })).toBe(1);
    expect(limitedFor(new Error("Redis connection is not ready"))).toBeNull();
    expect(limitedFor(undefined)).toBeNull();
    expect(limitedFor({ message: "no" })).toBeNull();
  });
});

describe("embedded engine (no REDIS_URL)", () => {
  const engine = createStateEngine({ redis: null });

  it("has no Redis and reports only its kind", async () => {
    expect(engine.kind).toBe("embedded");
    expect(engine.connection()).toBeNull();
    expect(await engine.health()).toEqual({ engine: "embedded" });
  });

  it("limits, and the same options give the same counter anywhere in the process", async () => {
    const opts = { keyPrefix: unique(), points: 3, durationSeconds: 60 };
    const first = engine.limiter(opts);
    expect(engine.limiter(opts)).toBe(first);
    expect(await allowed(first, "client")).toBe(true);
    expect(await allowed(engine.limiter(opts), "client")).toBe(true);
    expect(await allowed(first, "client")).toBe(true);
    expect(await allowed(engine.limiter(opts), "client")).toBe(false);
    expect(await allowed(first, "someone-else")).toBe(true);
  });

  it("caches copies with expiry, per namespace", async () => {
    const cache = engine.sharedCache<{ n: number }>(unique(), { ttlSeconds: 0.2 });
    const value = { n: 1 };
    await cache.set("a", value);
    const read = await cache.get("a");
    expect(read).toEqual({ n: 1 });
    expect(read).not.toBe(value);
    expect(await engine.sharedCache(unique(), { ttlSeconds: 5 }).get("a")).toBeUndefined();
    await cache.delete("a");
    expect(await cache.get("a")).toBeUndefined();
    await cache.set("b", { n: 2 });
    await until(async () => (await cache.get("b")) === undefined, { timeoutMs: 2_000 });
  });

  it("claims a key once until its time is up", async () => {
    const once = engine.firstUse(unique(), { ttlSeconds: 0.2 });
    expect(await once.claim("k")).toBe(true);
    expect(await engine.firstUse("other", { ttlSeconds: 0.2 }).claim("k")).toBe(true);
    expect(await once.claim("k")).toBe(false);
    await until(async () => once.claim("k"), { timeoutMs: 2_000 });
  });

  it("revokes until the given time", async () => {
    const list = engine.revocations();
    const id = unique();
    expect(await list.isRevoked(id)).toBe(false);
    await list.revoke(id, Date.now() + 150);
    expect(await engine.revocations().isRevoked(id)).toBe(true);
    await until(async () => !(await list.isRevoked(id)), { timeoutMs: 2_000 });
    await list.revoke("already-over", Date.now() - 1);
    expect(await list.isRevoked("already-over")).toBe(false);
  });
});

describe("redis engine: two instances on one Redis", () => {
  let redis: TestRedis;
  let a: StateEngine;
  let b: StateEngine;
  const logs: string[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    a = createStateEngine({ redis: redis.url, log: quietLog(logs) });
    b = createStateEngine({ redis: redis.url, log: quietLog(logs) });
    await until(async () => (await a.health()).redis === "up" && (await b.health()).redis === "up");
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it("reports Redis up, with separate clients per instance and one per purpose", async () => {
    expect(a.kind).toBe("redis");
    expect(await a.health()).toEqual({ engine: "redis", redis: "up" });
    expect(a.connection()).toBe(a.connection("state"));
    expect(a.connection()).not.toBe(b.connection());
    expect(a.connection("queue")).not.toBe(a.connection());
    // Fail-fast options: nothing is buffered while the connection is down.
    expect(a.connection()!.options.enableOfflineQueue).toBe(false);
  });

  it("counts one limit across both instances", async () => {
    const opts = { keyPrefix: unique(), points: 5, durationSeconds: 60 };
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push(await allowed((i % 2 ? a : b).limiter(opts), "203.0.113.9"));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(await allowed(a.limiter(opts), "203.0.113.10")).toBe(true);
    // And the counter really lives in Redis under our prefix.
    const raw = new Redis(redis.url);
    try {
      expect(await raw.get(`masthead:rl:${opts.keyPrefix}:203.0.113.9`)).toBe("6");
    } finally {
      raw.disconnect();
    }
  });

  it("shares cache entries, deletes and expiry", async () => {
    const ns = unique();
    await a.sharedCache<{ title: string }>(ns, { ttlSeconds: 60 }).set("post", { title: "Hello" });
    expect(await b.sharedCache<{ title: string }>(ns, { ttlSeconds: 60 }).get("post")).toEqual({
      title: "Hello",
    });
    await b.sharedCache(ns, { ttlSeconds: 60 }).delete("post");
    expect(await a.sharedCache(ns, { ttlSeconds: 60 }).get("post")).toBeUndefined();
    const short = a.sharedCache<number>(ns, { ttlSeconds: 0.3 });
    await short.set("brief", 7);
    expect(await b.sharedCache<number>(ns, { ttlSeconds: 0.3 }).get("brief")).toBe(7);
    await until(async () => (await short.get("brief")) === undefined, { timeoutMs: 3_000 });
  });

  it("a revocation on one instance is seen on the other, and expires", async () => {
    const id = unique();
    expect(await b.revocations().isRevoked(id)).toBe(false);
    await a.revocations().revoke(id, Date.now() + 400);
    expect(await b.revocations().isRevoked(id)).toBe(true);
    await until(async () => !(await b.revocations().isRevoked(id)), { timeoutMs: 3_000 });
  });

  it("a key is claimed once across both instances (one-time codes), and again after its time", async () => {
    const ns = unique();
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).firstUse(ns, { ttlSeconds: 0.5 }).claim("code-1")),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await a.firstUse(ns, { ttlSeconds: 0.5 }).claim("code-2")).toBe(true);
    await until(async () => b.firstUse(ns, { ttlSeconds: 0.5 }).claim("code-1"), { timeoutMs: 3_000 });
  });

  it("a busy process is not taken for a stalled Redis: a reply that came while it was busy counts", async () => {
    const opts = { keyPrefix: unique(), points: 2, durationSeconds: 60 };
    const seen = logs.length;
    const taken = allowed(a.limiter(opts), "busy");
    // Busy for longer than the command timeout (a start-up, a long render) while Redis answers at once.
    const busyUntil = Date.now() + 3 * COMMAND_TIMEOUT_MS;
    while (Date.now() < busyUntil);
    expect(await taken).toBe(true);
    expect(a.connection()!.status).toBe("ready");
    expect(logs.slice(seen).filter((l) => l.includes("stopped answering"))).toEqual([]);
    // Counted in Redis, not by the insurance limiter: the other instance has one point left.
    expect(await allowed(b.limiter(opts), "busy")).toBe(true);
    expect(await allowed(b.limiter(opts), "busy")).toBe(false);
  });

  it("a stalled Redis (connected, not answering) costs at most the command timeout", async () => {
    const opts = { keyPrefix: unique(), points: 2, durationSeconds: 60 };
    const pauser = new Redis(redis.url);
    try {
      await pauser.call("CLIENT", "PAUSE", "1500", "ALL");
      const { value, ms } = await timed(() => allowed(a.limiter(opts), "stalled"));
      expect(value).toBe(true); // answered by the insurance limiter
      expect(ms).toBeLessThan(FAIL_FAST_MS);
      // One timeout is enough: the stalled connection is dropped, so the next calls do not wait
      // at all (the client is not ready until a new connection answers).
      await until(async () => a.connection()!.status !== "ready", { timeoutMs: 1_000 });
      const cached = await timed(() => a.sharedCache(unique(), { ttlSeconds: 5 }).get("x"));
      expect(cached.value).toBeUndefined();
      expect(cached.ms).toBeLessThan(FAIL_FAST_MS);
      expect(logs.some((l) => l.includes("stopped answering"))).toBe(true);
    } finally {
      await pauser.call("CLIENT", "UNPAUSE").catch(() => {});
      pauser.disconnect();
    }
    // Shared again once it answers. (A fresh key: the command that timed out was only queued
    // by the pause, and Redis ran it afterwards.)
    await until(async () => (await a.health()).redis === "up");
    expect(await allowed(a.limiter(opts), "after-stall")).toBe(true);
    expect(await allowed(b.limiter(opts), "after-stall")).toBe(true);
    expect(await allowed(a.limiter(opts), "after-stall")).toBe(false);
  });

  it("Redis stopped: every call falls back at once and limits still apply; Redis back: shared again", async () => {
    const opts = { keyPrefix: unique(), points: 3, durationSeconds: 60 };
    const ns = unique();
    await a.sharedCache<string>(ns, { ttlSeconds: 60 }).set("stale", "before the outage");
    const revokedDuringOutage = unique();

    await redis.stop();
    await until(async () => (await a.health()).redis === "down" && (await b.health()).redis === "down");

    // Limits: the insurance limiter answers at once and still limits, per instance.
    const verdicts: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const { value, ms } = await timed(() => allowed(a.limiter(opts), "outage-client"));
      expect(ms).toBeLessThan(FAIL_FAST_MS);
      verdicts.push(value);
    }
    expect(verdicts).toEqual([true, true, true, false]);

    // Cache: a miss, at once; a delete is remembered for later.
    const miss = await timed(() => b.sharedCache<string>(ns, { ttlSeconds: 60 }).get("stale"));
    expect(miss.value).toBeUndefined();
    expect(miss.ms).toBeLessThan(FAIL_FAST_MS);
    const del = await timed(() => b.sharedCache<string>(ns, { ttlSeconds: 60 }).delete("stale"));
    expect(del.ms).toBeLessThan(FAIL_FAST_MS);

    // Revocation: holds at once on the instance that made it; the other learns after recovery.
    const revoke = await timed(() => a.revocations().revoke(revokedDuringOutage, Date.now() + 60_000));
    expect(revoke.ms).toBeLessThan(FAIL_FAST_MS);
    expect(await a.revocations().isRevoked(revokedDuringOutage)).toBe(true);
    const check = await timed(() => b.revocations().isRevoked(revokedDuringOutage));
    expect(check.value).toBe(false);
    expect(check.ms).toBeLessThan(FAIL_FAST_MS);

    const health = await timed(() => a.health());
    expect(health.value).toEqual({ engine: "redis", redis: "down" });
    expect(health.ms).toBeLessThan(FAIL_FAST_MS);
    expect(logs.some((l) => l.includes("unreachable"))).toBe(true);

    await redis.restart();
    await until(async () => (await a.health()).redis === "up" && (await b.health()).redis === "up");

    // Shared again: a fresh limit counts across both instances.
    const again = { keyPrefix: unique(), points: 2, durationSeconds: 60 };
    expect(await allowed(a.limiter(again), "after")).toBe(true);
    expect(await allowed(b.limiter(again), "after")).toBe(true);
    expect(await allowed(a.limiter(again), "after")).toBe(false);
    // What was written during the outage reached Redis once it was back.
    await until(async () => b.revocations().isRevoked(revokedDuringOutage));
    await a.sharedCache<string>(ns, { ttlSeconds: 60 }).set("fresh", "after");
    expect(await b.sharedCache<string>(ns, { ttlSeconds: 60 }).get("fresh")).toBe("after");
    expect(logs.some((l) => l.includes("is reachable again; state is shared"))).toBe(true);
  });

  it("a cache delete made during an outage is replayed, so no instance keeps a stale entry", async () => {
    const ns = unique();
    await a.sharedCache<string>(ns, { ttlSeconds: 60 }).set("copy", "old");
    await redis.stop();
    await until(async () => (await b.health()).redis === "down");
    await b.sharedCache<string>(ns, { ttlSeconds: 60 }).delete("copy");
    // Wait until B's reconnect back-off is at least a second, so the restarted server can be
    // given the old entry before B is back (and replays the delete).
    let backoffMs = 0;
    const onReconnecting = (delay: number) => (backoffMs = delay);
    b.connection()!.on("reconnecting", onReconnecting);
    await until(async () => backoffMs >= 1_000, { timeoutMs: 15_000 });
    b.connection()!.off("reconnecting", onReconnecting);
    await redis.restart();
    // The test server keeps nothing across a restart, so put the old entry back as a
    // persistent Redis would have kept it; the replay must then remove it.
    const raw = new Redis(redis.url);
    try {
      await raw.set(`masthead:cache:${ns}:copy`, JSON.stringify("old"));
      await until(async () => (await b.health()).redis === "up");
      await until(async () => (await raw.exists(`masthead:cache:${ns}:copy`)) === 0);
    } finally {
      raw.disconnect();
    }
  });
});

describe("redis engine: Redis never reachable", () => {
  it("falls back at once from the first call, and never leaks the password to the log", async () => {
    const port = await freePort();
    const logs: string[] = [];
    const engine = createStateEngine({
      redis: `redis://:s3cret-pass@127.0.0.1:${port}`,
      log: quietLog(logs),
    });
    try {
      const opts = { keyPrefix: unique(), points: 1, durationSeconds: 60 };
      const first = await timed(() => allowed(engine.limiter(opts), "c"));
      expect(first.value).toBe(true);
      expect(first.ms).toBeLessThan(FAIL_FAST_MS);
      expect(await allowed(engine.limiter(opts), "c")).toBe(false);
      expect((await engine.health()).redis).toBe("down");
      await until(async () => logs.length > 0);
      expect(logs.join("\n")).not.toContain("s3cret-pass");
      expect(logs.join("\n")).toContain(`127.0.0.1:${port}`);
    } finally {
      await engine.close();
    }
  });
});
