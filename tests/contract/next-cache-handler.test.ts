import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import MastheadCacheHandler, {
  closeNextCacheConnections,
  NOT_FOUND_MEMORY_BYTES,
} from "../../lib/next-cache/cache-handler.mjs";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { clockPast, until } from "../helpers/until";

/*
 * The Next cache handler against a real Redis, through the interface Next calls (get, set,
 * revalidateTag): two handlers named as two instances share one Redis, the way two
 * `next start` processes do. The whole thing inside real Next processes is
 * tests/e2e/multi-instance.spec.ts.
 */

type Handler = InstanceType<typeof MastheadCacheHandler>;
type Entry = { value: Record<string, unknown> | null; lastModified: number; cacheControl?: unknown } | null;

const REVALIDATE = 300;
const cacheControl = { revalidate: REVALIDATE, expire: 31_536_000 };
const PAGE = { kind: "APP_PAGE", isFallback: false } as const;
const ROUTE = { kind: "APP_ROUTE", isFallback: false } as const;

let redis: TestRedis;
let inspect: Redis;
let buildId: string;
const logs: string[] = [];

const newBuildId = () => `build-${randomUUID()}`;

function handler(instance: string, opts: { build?: string } = {}): Handler {
  return new MastheadCacheHandler(
    { maxMemoryCacheSize: 50 * 1024 * 1024 },
    { redisUrl: redis.url, instance, log: (line: string) => logs.push(line), buildId: opts.build ?? buildId },
  );
}

function page(html: string, opts: { status?: number; tags?: string } = {}) {
  return {
    kind: "APP_PAGE",
    html,
    rscData: Buffer.from(`rsc:${html}`),
    segmentData: new Map([["/_tree", Buffer.from([0, 255, 1])]]),
    headers: { "x-next-cache-tags": opts.tags ?? "blog,_N_T_/layout" },
    postponed: undefined,
    status: opts.status ?? 200,
  };
}

const get = (h: Handler, key: string, ctx: object = PAGE) => h.get(key, ctx) as Promise<Entry>;
const set = (h: Handler, key: string, data: unknown, ctx: object = { cacheControl }) => h.set(key, data, ctx);

/** How old the entry `get` answers looks to Next (measured after the answer). */
async function age(entry: Promise<Entry>): Promise<number> {
  const answered = await entry;
  return Date.now() - answered!.lastModified;
}

/** Fails instead of hanging when a call waits on an unreachable Redis. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`took longer than ${ms} ms`)), ms)),
  ]);
}

async function redisKeys(): Promise<string[]> {
  return inspect.keys("*");
}

/** Commands Redis has answered that read an entry (HGET of a version, HMGET of an entry). */
async function commandCalls(): Promise<number> {
  const stats = await inspect.info("commandstats");
  return [...stats.matchAll(/^cmdstat_(?:hget|hmget):calls=(\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

beforeAll(async () => {
  redis = await startTestRedis();
  inspect = new Redis(redis.url);
  buildId = newBuildId();
});

afterAll(async () => {
  await closeNextCacheConnections();
  inspect?.disconnect();
  await redis?.stop();
});

describe("with Redis: one cache for every instance", () => {
  it("set on A, get on B: the page with its buffers, segment map, headers and lifetime", async () => {
    const a = handler("set-get-A");
    const b = handler("set-get-B");
    const before = Date.now();
    await set(a, "/blog/shared", page("<h1>Shared</h1>"));
    const entry = await get(b, "/blog/shared");
    expect(entry?.value).toMatchObject({ kind: "APP_PAGE", html: "<h1>Shared</h1>", status: 200 });
    expect(Buffer.isBuffer(entry?.value?.rscData)).toBe(true);
    expect(String(entry?.value?.rscData)).toBe("rsc:<h1>Shared</h1>");
    expect((entry?.value?.segmentData as Map<string, Buffer>).get("/_tree")).toEqual(
      Buffer.from([0, 255, 1]),
    );
    expect(entry?.cacheControl).toEqual(cacheControl);
    expect(entry?.lastModified).toBeGreaterThanOrEqual(before);
    expect((await redisKeys()).some((k) => k.endsWith(":e:/blog/shared"))).toBe(true);
  });

  it("a hit on a copy in memory asks Redis nothing; while its subscription is down its hits check Redis; a version another instance publishes is fetched", async () => {
    const a = handler("version-A");
    const b = handler("version-B");
    await set(a, "/blog/versioned", page("first"));
    expect((await get(b, "/blog/versioned"))?.value?.html).toBe("first");

    // Rewrite the entry in Redis behind every instance's back (no version published): B goes on
    // serving its copy without a single command, so its hits do not ask Redis.
    await set(a, "/blog/silent-source", page("written silently"));
    const entryKey = (name: string) =>
      redisKeys().then((keys) => keys.find((k) => k.endsWith(`:e:${name}`))!);
    const silentBytes = await inspect.hgetBuffer(await entryKey("/blog/silent-source"), "b");
    await inspect.hset(await entryKey("/blog/versioned"), "v", "written-silently", "b", silentBytes!);
    const before = await commandCalls();
    for (let i = 0; i < 20; i++) expect((await get(b, "/blog/versioned"))?.value?.html).toBe("first");
    expect(await commandCalls()).toBe(before);

    // Every subscription drops: B may miss versions meanwhile, so its hits check Redis (and find
    // the newer entry) until it has subscribed again; from then on they ask nothing.
    await inspect.client("KILL", "TYPE", "pubsub");
    await until(async () => (await get(b, "/blog/versioned"))?.value?.html === "written silently", {
      what: "B to check its copy while its subscription is down",
      timeoutMs: 3_000,
    });
    await until(
      async () => {
        const calls = await commandCalls();
        await get(b, "/blog/versioned");
        return (await commandCalls()) === calls;
      },
      { what: "B's hits to ask Redis nothing once it has subscribed again", timeoutMs: 3_000 },
    );
    const settled = await commandCalls();
    for (let i = 0; i < 20; i++) await get(b, "/blog/versioned");
    expect(await commandCalls()).toBe(settled);

    // A writes a newer version: B hears it and fetches the entry on its next hit.
    await set(a, "/blog/versioned", page("second"));
    await until(async () => (await get(b, "/blog/versioned"))?.value?.html === "second", {
      what: "B to hear A's new version",
      timeoutMs: 2_000,
    });
  });

  it("route handler bodies (feeds, preview images) round-trip byte for byte", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 254, 255]);
    await set(handler("route-A"), "/og/blog/x", {
      kind: "APP_ROUTE",
      body: png,
      headers: { "content-type": "image/png", "x-next-cache-tags": "blog" },
      status: 200,
    });
    const entry = await get(handler("route-B"), "/og/blog/x", ROUTE);
    expect(entry?.value?.body).toEqual(png);
  });

  it("a miss is null (Next renders), and a key from another build is not this build's", async () => {
    expect(await get(handler("miss-B"), "/blog/never-set")).toBeNull();
    await set(handler("build-1"), "/blog/per-build", page("build one"));
    expect(await get(handler("build-2", { build: newBuildId() }), "/blog/per-build")).toBeNull();
  });

  it("revalidateTag on A makes B's older entries stale (served once more, then regenerated); newer entries stay fresh", async () => {
    const a = handler("tags-A");
    const b = handler("tags-B");
    await set(a, "/blog/tagged", page("old"));
    await set(a, "/tags/other", page("unrelated", { tags: "other-tag" }));
    await set(
      a,
      "slugs-fetch",
      { kind: "FETCH", data: { body: "[]", headers: {}, status: 200 }, revalidate: REVALIDATE },
      {
        fetchCache: true,
        tags: ["blog"],
      },
    );
    const fresh = await get(b, "/blog/tagged");
    expect(Date.now() - fresh!.lastModified).toBeLessThan(REVALIDATE * 1000);

    await a.revalidateTag("blog", { expire: 31_536_000 });
    // The view that finds the entry stale dates B's regeneration; one in the same millisecond as
    // the revalidation would count as older (by design), so let the clock pass it first.
    await clockPast();
    // B hears of it by pub/sub (a hit never asks Redis about tags): within moments.
    await until(async () => (await age(get(b, "/blog/tagged"))) > REVALIDATE * 1000, {
      what: "B to hear of the revalidation",
      timeoutMs: 2_000,
    });
    const stale = await get(b, "/blog/tagged");
    // Still the old page (stale-while-revalidate), dated past its revalidate interval so Next regenerates it.
    expect(stale?.value?.html).toBe("old");
    expect(Date.now() - stale!.lastModified).toBeGreaterThan(REVALIDATE * 1000);
    expect(Date.now() - stale!.lastModified).toBeLessThan(31_536_000 * 1000);
    // The tagged fetch is a miss, so the regeneration fetches fresh data.
    expect(await get(b, "slugs-fetch", { kind: "FETCH", tags: ["blog"], softTags: [] })).toBeNull();
    // Untagged entries are untouched.
    const other = await get(b, "/tags/other");
    expect(Date.now() - other!.lastModified).toBeLessThan(REVALIDATE * 1000);
    // A write in the same millisecond as the revalidation counts as older (by design): let the
    // clock pass it, as any real regeneration does.
    await clockPast();
    await set(b, "/blog/tagged", page("regenerated"));
    // A holds a copy of its own: it hears B's new version by pub/sub, within moments.
    await until(async () => (await get(a, "/blog/tagged"))?.value?.html === "regenerated", {
      what: "A to hear B's regenerated page",
      timeoutMs: 2_000,
    });
    const regenerated = await get(a, "/blog/tagged");
    expect(Date.now() - regenerated!.lastModified).toBeLessThan(REVALIDATE * 1000);
  });

  it("a revalidation that lands while a page renders leaves what that render stores stale", async () => {
    const a = handler("race-A");
    const b = handler("race-B");
    expect(await get(b, "/blog/rendering")).toBeNull(); // B starts rendering from the data it has
    await clockPast(); // the revalidation comes after the render began, by the millisecond
    await a.revalidateTag("blog", { expire: 31_536_000 }); // meanwhile, A revalidates
    await set(b, "/blog/rendering", page("rendered from data older than the revalidation"));
    const entry = await get(a, "/blog/rendering");
    expect(entry?.value?.html).toBe("rendered from data older than the revalidation");
    expect(Date.now() - entry!.lastModified).toBeGreaterThan(REVALIDATE * 1000);
  });

  it("a revalidation without a profile expires the tag at once: a miss on every instance", async () => {
    const a = handler("expire-A");
    await set(a, "/authors/x", page("author", { tags: "authors-only" }));
    const b = handler("expire-B");
    await a.revalidateTag(["authors-only"]);
    await until(async () => (await get(b, "/authors/x")) === null, { what: "a miss on B", timeoutMs: 2_000 });
    expect(await get(a, "/authors/x")).toBeNull();
  });

  it("an entry with a finite lifetime leaves Redis when it expires", async () => {
    const a = handler("ttl-A");
    await set(a, "/blog/short-lived", page("short"), { cacheControl: { revalidate: 1, expire: 1 } });
    expect(await inspect.ttl((await redisKeys()).find((k) => k.endsWith(":e:/blog/short-lived"))!)).toBe(1);
    await until(async () => !(await redisKeys()).some((k) => k.endsWith(":e:/blog/short-lived")), {
      what: "Redis to expire the entry",
      timeoutMs: 5_000,
      intervalMs: 100,
    });
    expect(await get(handler("ttl-B"), "/blog/short-lived")).toBeNull();
  });

  it("a 404 for an address that never had a page stays in this process's memory, never in Redis", async () => {
    const a = handler("404-A");
    const key = "/blog/no-such-post-404";
    await set(a, key, page("not found", { status: 404 }));
    expect((await redisKeys()).filter((k) => k.includes("no-such-post-404"))).toEqual([]);
    expect((await get(a, key))?.value?.status).toBe(404); // answered again without a render
    expect(await get(handler("404-B"), key)).toBeNull(); // the other instance renders its own

    // Bounded: writing more than the budget evicts the oldest.
    const big = "x".repeat(256 * 1024);
    const count = Math.ceil(NOT_FOUND_MEMORY_BYTES / big.length) + 4;
    for (let i = 0; i < count; i++) await set(a, `/blog/random-${i}`, page(big, { status: 404 }));
    expect(await get(a, "/blog/random-0")).toBeNull();
    expect((await get(a, `/blog/random-${count - 1}`))?.value?.status).toBe(404);
    expect((await redisKeys()).filter((k) => k.includes("random-"))).toEqual([]);
  });

  it("a 404 that replaces a stored page (a deleted post) is stored for every instance", async () => {
    const a = handler("deleted-A");
    await set(a, "/blog/deleted", page("was here"));
    await set(a, "/blog/deleted", page("gone", { status: 404 }));
    expect((await get(handler("deleted-B"), "/blog/deleted"))?.value?.status).toBe(404);
  });
});

describe("Redis down: pages keep answering, nothing waits", () => {
  it("serves this instance's copy or a miss at once, keeps writes local, and shares a revalidation made meanwhile once Redis is back", async () => {
    {
      const build = newBuildId();
      const a = handler("down-A", { build });
      const b = handler("down-B", { build });
      await set(a, "/blog/during-outage", page("before the outage"));
      expect((await get(b, "/blog/during-outage"))?.value?.html).toBe("before the outage");
      await set(b, "/blog/built", page("<h1>Built</h1>"));

      await redis.stop();
      let down = true;
      onTestFinished(() => (down ? redis.restart() : undefined)); // even when an expectation below fails
      // Each answers from its own copy; nothing hangs on the unreachable server.
      expect((await within(1_500, get(a, "/blog/during-outage")))?.value?.html).toBe("before the outage");
      expect((await within(1_500, get(b, "/blog/during-outage")))?.value?.html).toBe("before the outage");
      expect((await within(1_500, get(b, "/blog/built")))?.value?.html).toBe("<h1>Built</h1>");
      expect(await within(1_500, get(b, "/blog/unknown-during-outage"))).toBeNull();
      await within(1_500, set(a, "/blog/written-during-outage", page("local only")));
      expect((await get(a, "/blog/written-during-outage"))?.value?.html).toBe("local only");
      await within(1_500, a.revalidateTag("blog", { expire: 31_536_000 }));
      // A applies its own revalidation at once; B cannot know yet.
      expect(await age(get(a, "/blog/during-outage"))).toBeGreaterThan(REVALIDATE * 1000);
      expect(await age(get(b, "/blog/built"))).toBeLessThan(REVALIDATE * 1000);
      // The socket's close is an event: under load it may reach the client after the reads above.
      await until(() => logs.some((l) => /Redis at 127\.0\.0\.1:\d+ \(next-cache\) is unreachable/.test(l)), {
        what: "the unreachable line",
        timeoutMs: 5_000,
      });
      expect(logs.join("\n")).not.toContain("redis://");

      // Redis comes back (empty: no persistence in tests); A replays its revalidation and B's
      // pages from before it go stale.
      await redis.restart();
      down = false;
      await until(
        async () => {
          const entry = await get(b, "/blog/built");
          return entry !== null && Date.now() - entry.lastModified > REVALIDATE * 1000;
        },
        { what: "B's page from before the revalidation to go stale", timeoutMs: 8_000, intervalMs: 200 },
      );
    }
  });
});
