import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalWorkspaceServer, type LocalWorkspaceServer } from "@/lib/local-workspace";
import { createNewsletterLimiters, DEFAULT_LIMITS } from "@/lib/newsletter/rate-limit";
import { createStateEngine } from "@/lib/state/engine";
import { clientAddresses, clientNetworks } from "../helpers/client-addresses";
import { deliveryTestHandler, DELIVERY_SITE, signupRequest } from "../helpers/delivery-handler";
import { redisInstance } from "../helpers/redis-delivery";
import { oneShot } from "../helpers/redis-group";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * The Redis engine (BullMQ) with two instances, each with its own connections, route handler
 * and worker, sharing one Redis and one workspace: each signup is delivered exactly once, a
 * repeat through the other instance adds nothing, the queue's one pace holds across both, and
 * the dashboard's overview counts what happened.
 */

let redis: TestRedis;
let ws: LocalWorkspaceServer;

beforeAll(async () => {
  [redis, ws] = await Promise.all([
    startTestRedis(),
    startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} }),
  ]);
  // lib/config/env.ts reads the environment once, on first use (the limiters below use it too).
  process.env.REDIS_URL = redis.url;
  delete process.env.WORKSPACE_URL;
  process.env.LOCAL_WORKSPACE_PORT = String(ws.port);
});
afterAll(async () => {
  await ws.close();
  await redis.stop();
});

const freshClient = clientAddresses("10.8");
const post = (email: string) => signupRequest({ email }, { "x-forwarded-for": freshClient() });

/** How many emails the workspace has sent to `to`. */
const outbox = async (to: string) => (await workspace.outbox(ws.url, to)).length;

describe("newsletter delivery with REDIS_URL (BullMQ), two instances", () => {
  it("each signup is delivered exactly once, whichever instance took it and however often it was repeated", async () => {
    const logs: string[] = [];
    const rate = 5;
    const a = redisInstance({ target: redis.url, workspaceUrl: ws.url, logs, rate, worker: false });
    const b = redisInstance({ target: redis.url, workspaceUrl: ws.url, logs, rate, worker: false });
    try {
      await until(() => a.engine.connection("delivery")!.status === "ready", { what: "a connection" });
      await until(() => b.engine.connection("delivery")!.status === "ready", { what: "b connection" });
      await workspace.setFault(ws.url, { mode: "status", status: 503 });
      const addresses = Array.from(
        { length: 8 },
        (_, i) => `redis-${i}-${randomUUID().slice(0, 6)}@example.org`,
      );
      for (const [i, address] of addresses.entries()) {
        const first = await (i % 2 ? a : b).handler(post(address));
        expect(first.status).toBe(202);
        // The same address through the other instance: nothing more is queued.
        const again = await (i % 2 ? b : a).handler(post(address.toUpperCase()));
        expect(again.status).toBe(202);
      }
      expect(await a.store.overview()).toMatchObject({ waiting: 8, failedTotal: 0 });

      await workspace.resetStats(ws.url);
      const stats = () => workspace.stats(ws.url);
      a.store.start({ worker: true });
      b.store.start({ worker: true });
      // Both workers meet the outage: the queue pauses as one, and nothing is lost or failed.
      await until(async () => (await stats()).total >= 2, {
        what: "the workers to try during the outage",
        timeoutMs: 30_000,
      });
      expect(await a.store.overview()).toMatchObject({ waiting: 8, failedTotal: 0 });
      await workspace.setFault(ws.url, null);
      await until(async () => (await b.store.overview()).waiting === 0, {
        what: "both workers to drain the queue",
        timeoutMs: 30_000,
      });
      for (const address of addresses) expect(await outbox(address), address).toBe(1);
      const overview = await a.store.overview();
      expect(overview).toMatchObject({ waiting: 0, failedTotal: 0, oldestWaitingAt: null });
      expect(overview.last24h).toMatchObject({ accepted: 8, queued: 8, delivered: 8, failed: 0 });
      expect((await stats()).peakPerSecond).toBeLessThanOrEqual(rate);
      for (const line of logs) for (const address of addresses) expect(line).not.toContain(address);
      // Delivered addresses leave Redis (the jobs stay, without them, to recognise a repeated forward).
      await until(
        async () => {
          const dump = await oneShot(redis.port, async (c) => {
            const keys = await c.keys("masthead:newsletter-delivery:*");
            const hashes = await Promise.all(
              keys.map(async (k) => ((await c.type(k)) === "hash" ? JSON.stringify(await c.hgetall(k)) : "")),
            );
            return hashes.join("\n");
          });
          return addresses.every((address) => !dump?.includes(address));
        },
        { what: "the delivered addresses to leave Redis", timeoutMs: 10_000 },
      );
    } finally {
      await workspace.setFault(ws.url, null);
      for (const i of [a, b]) await i.close();
    }
  }, 90_000);

  it("with REDIS_URL set, the app's delivery() picks the BullMQ queue, answers at once when the workspace does, and lists a refused address as failed", async () => {
    const { delivery, startInProcessDelivery } = await import("@/lib/delivery");
    const store = delivery();
    startInProcessDelivery();
    try {
      expect(store.engine).toBe("redis");
      const handler = deliveryTestHandler({ store, siteUrl: DELIVERY_SITE, waitMs: 3_000 });
      const address = `wired-${randomUUID().slice(0, 6)}@example.org`;
      await until(async () => (await handler(post(address))).status === 201, {
        what: "a signup answered 'check your inbox'",
        timeoutMs: 30_000,
      });
      expect(await outbox(address)).toBe(1);
      expect((await store.overview()).last24h.sentAtOnce).toBeGreaterThanOrEqual(1);
      // The delivered job leaves the waiting count once the worker has recorded it (a moment
      // after the answer on a busy machine).
      await until(async () => (await store.overview()).waiting === 0, {
        what: "nothing left waiting",
        timeoutMs: 10_000,
      });
    } finally {
      await store.close();
    }
  });
});

// Last: it spends the site-wide cap, whose counters every test of this file shares in Redis.
describe("signup budgets with REDIS_URL, two instances", () => {
  it("the site-wide cap and its reserved part are shared through Redis: 320 signups from 40 /24s through both instances, then a reader from a fresh network is accepted", async () => {
    // Each instance with its own engine on the one Redis, as two processes would be.
    const engines = [createStateEngine({ redis: redis.url }), createStateEngine({ redis: redis.url })];
    const [a, b] = engines.map((engine) =>
      redisInstance({ target: redis.url, workspaceUrl: ws.url, logs: [], rate: 1000, engine }),
    );
    const handlers = engines.map((e, i) =>
      deliveryTestHandler({
        store: [a, b][i]!.store,
        siteUrl: DELIVERY_SITE,
        waitMs: 0,
        limiters: createNewsletterLimiters(DEFAULT_LIMITS, e.limiter),
      }),
    );
    // Shared counters need the connections up (until then each instance counts in memory).
    await until(() => engines.every((e) => e.connection()!.status === "ready"), { what: "the connections" });
    const networks = clientNetworks("10.82");
    const statuses: Record<number, number> = {};
    for (let n = 0; n < 40; n++) {
      const inNetwork = networks();
      for (let i = 0; i < 8; i++) {
        const request = signupRequest(
          { email: `redis-flood-${n}-${i}-${randomUUID().slice(0, 6)}@example.org` },
          { "x-forwarded-for": inNetwork() },
        );
        const res = await handlers[i % 2]!(request);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }
    const accepted = (statuses[201] ?? 0) + (statuses[202] ?? 0);
    expect(accepted).toBeLessThanOrEqual(DEFAULT_LIMITS.global.points);
    expect(statuses[429]).toBeGreaterThan(0);
    const reader = signupRequest(
      { email: `redis-reader-${randomUUID().slice(0, 6)}@example.org` },
      { "x-forwarded-for": networks()() },
    );
    expect([201, 202]).toContain((await handlers[0]!(reader)).status);
    await Promise.all([a!.close(), b!.close()]);
  }, 120_000);
});
