import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";

/*
 * GET /api/health (liveness) and GET /api/health/ready (readiness), embedded and with Redis
 * up, stopped and back. No upstream is running at all: neither answer may depend on one.
 */

type Routes = {
  live: typeof import("@/app/api/health/route");
  ready: typeof import("@/app/api/health/ready/route");
  state: typeof import("@/lib/state");
};

async function load(redisUrl: string | undefined): Promise<Routes> {
  // The previous "instance" lets go of its connection before the next one starts.
  if (process.env.REDIS_URL) app?.state.redisConnection()?.disconnect();
  vi.resetModules();
  resetProcessState();
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  return {
    live: await import("@/app/api/health/route"),
    ready: await import("@/app/api/health/ready/route"),
    state: await import("@/lib/state"),
  };
}

let redis: TestRedis;
let app: Routes | undefined;

beforeAll(async () => {
  delete process.env.WORKSPACE_URL;
  // Nothing listens here: a health answer that called the workspace would fail or hang.
  process.env.LOCAL_WORKSPACE_PORT = "9";
  redis = await startTestRedis();
});

afterAll(async () => {
  app?.state.redisConnection()?.disconnect();
  resetProcessState();
  delete process.env.REDIS_URL;
  await redis?.stop();
});

describe("GET /api/health", () => {
  it("is 200 {status: ok}, not cached, with nothing else in it", async () => {
    app = await load(undefined);
    const res = app.live.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/health/ready", () => {
  it("embedded: ready", async () => {
    app = await load(undefined);
    const res = await app.ready.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ready", state: "embedded" });
  });

  it("with Redis: ready while it answers; degraded but still 200 (stay in rotation) while it is down; ready again after", async () => {
    app = await load(redis.url);
    const body = async () => {
      const res = await app!.ready.GET();
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, string>;
    };
    await until(async () => (await body()).redis === "up");
    expect(await body()).toEqual({ status: "ready", state: "redis", redis: "up" });

    await redis.stop();
    await until(async () => (await body()).redis === "down");
    const start = performance.now();
    expect(await body()).toEqual({ status: "degraded", state: "redis", redis: "down" });
    expect(performance.now() - start).toBeLessThan(1_000);
    // Liveness does not care.
    expect(app.live.GET().status).toBe(200);

    await redis.restart();
    await until(async () => (await body()).redis === "up");
  });

  it("never shows the Redis address or password", async () => {
    app = await load(redis.url.replace("redis://", "redis://:pa55word-secret@"));
    const res = await app.ready.GET();
    const text = await res.text();
    expect(text).not.toContain("pa55word-secret");
    expect(text).not.toContain(String(redis.port));
  });
});
