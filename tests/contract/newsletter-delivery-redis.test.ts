import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_DEMO_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { createDeliveryService, type DeliveryService } from "@/lib/delivery/service";
import { RedisGate } from "@/lib/delivery/gate";
import { RedisSignupStore } from "@/lib/delivery/redis-queue";
import { createWorkspaceClient } from "@/lib/workspace";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import {
  createNewsletterLimiters,
  DEFAULT_LIMITS,
  type NewsletterLimiters,
} from "@/lib/newsletter/rate-limit";
import { createStateEngine } from "@/lib/state/engine";
import { clientAddresses, clientNetworks } from "../helpers/client-addresses";
import { DELIVERY_SITE, deliveryTestHandler, signupRequest } from "../helpers/delivery-handler";
import * as workspace from "../helpers/workspace-controls";

/*
 * The Redis engine (BullMQ) with two instances, each with its own connections, route handler
 * and worker, sharing one Redis and one workspace: each signup is delivered exactly once, a
 * repeat through the other instance adds nothing, and the shared pace holds across both.
 */

let redis: TestRedis;
let ws: LocalWorkspaceServer;
const clients: Redis[] = [];

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

function connect(blocking: boolean): Redis {
  const client = new Redis(
    redis.url,
    blocking ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1 },
  );
  client.on("error", () => {});
  clients.push(client);
  return client;
}

function instance(rate: number, logs: string[], limiters?: NewsletterLimiters) {
  const commands = connect(false);
  const client = createWorkspaceClient({
    apiBase: `${ws.url}/api/external`,
    apiKey: LOCAL_DEMO_API_KEY,
    timeoutMs: 2_000,
    maxRetries: 0,
  });
  const service = createDeliveryService({
    store: new RedisSignupStore(commands, 1000),
    gate: new RedisGate(commands, rate),
    subscribe: (e) => client.addSubscriber(e),
    mode: "local",
    maxAgeMs: 72 * 3600_000,
    leaseMs: 5_000,
    workerConnection: () => connect(true),
    log: (l) => logs.push(l),
  });
  const handler = deliveryTestHandler({
    subscribe: (e) => client.addSubscriber(e),
    queue: service.route,
    siteUrl: DELIVERY_SITE,
    log: (l) => logs.push(l),
    limiters,
  });
  return { service, handler };
}

const freshClient = clientAddresses("10.8");
const post = (email: string) => signupRequest({ email }, { "x-forwarded-for": freshClient() });

/** How many emails the workspace has sent to `to`. */
const outbox = async (to: string) => (await workspace.outbox(ws.url, to)).length;

describe("newsletter delivery with REDIS_URL (BullMQ), two instances", () => {
  it("each signup is delivered exactly once, whichever instance took it and however often it was repeated", async () => {
    const logs: string[] = [];
    const rate = 5;
    const a = instance(rate, logs);
    const b = instance(rate, logs);
    const services: DeliveryService[] = [a.service, b.service];
    try {
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
      expect(await a.service.store.counts()).toMatchObject({ pending: 8, failed: 0 });

      await workspace.resetStats(ws.url);
      const stats = () => workspace.stats(ws.url);
      a.service.startWorker();
      b.service.startWorker();
      // Both workers meet the outage: the queue backs off as one, and nothing is lost or failed.
      await until(async () => (await stats()).total >= 2, {
        what: "the workers to try during the outage",
        timeoutMs: 30_000,
      });
      expect(await a.service.store.counts()).toMatchObject({ pending: 8, failed: 0 });
      await workspace.setFault(ws.url, null);
      await until(async () => (await b.service.store.counts()).pending === 0, {
        what: "both workers to drain the queue",
        timeoutMs: 30_000,
      });
      for (const address of addresses) expect(await outbox(address), address).toBe(1);
      expect(await a.service.store.counts()).toMatchObject({ pending: 0, failed: 0, deliveredLastDay: 8 });
      expect((await stats()).peakPerSecond).toBeLessThanOrEqual(rate);
      for (const line of logs) for (const address of addresses) expect(line).not.toContain(address);
      // Delivered addresses left Redis with their jobs.
      const keys = await connect(false).keys("*");
      const values = await Promise.all(
        keys.map(async (k) => {
          const type = await clients[0]!.type(k);
          return type === "hash" ? JSON.stringify(await clients[0]!.hgetall(k)) : "";
        }),
      );
      for (const address of addresses) expect(values.join("\n")).not.toContain(address);
    } finally {
      for (const s of services) await s.close();
      for (const c of clients.splice(0)) c.disconnect();
    }
  }, 60_000);

  it("with REDIS_URL set, the app's delivery() picks the BullMQ queue and its worker delivers", async () => {
    const { delivery } = await import("@/lib/delivery");
    const service = delivery();
    try {
      expect(service.store.engine).toBe("redis");
      const address = `wired-${randomUUID().slice(0, 6)}@example.org`;
      // The fail-fast connection may still be connecting: the store says so (503), it never hangs.
      await until(
        async () =>
          service.store.enqueue(address).then(
            (r) => r === "queued",
            () => false,
          ),
        { what: "the queue to take a signup", timeoutMs: 30_000 },
      );
      expect(await service.store.enqueue(address)).toBe("already_pending");
      service.startWorker();
      await until(async () => (await outbox(address)) === 1, {
        what: "the worker to deliver it",
        timeoutMs: 30_000,
      });
      await until(async () => (await service.store.counts()).pending === 0, {
        what: "the queue to empty",
        timeoutMs: 30_000,
      });
      expect(await outbox(address)).toBe(1);
    } finally {
      await service.close();
    }
  });
});

// Last: it spends the site-wide cap, whose counters every test of this file shares in Redis.
describe("signup budgets with REDIS_URL, two instances", () => {
  it("the site-wide cap and its reserved part are shared through Redis: 320 signups from 40 /24s through both instances, then a reader from a fresh network is accepted", async () => {
    // Each instance with its own engine on the one Redis, as two processes would be.
    const engines = [createStateEngine({ redisUrl: redis.url }), createStateEngine({ redisUrl: redis.url })];
    const [a, b] = engines.map((e) =>
      instance(1000, [], createNewsletterLimiters(DEFAULT_LIMITS, e.limiter)),
    );
    const networks = clientNetworks("10.82");
    const statuses: Record<number, number> = {};
    for (let n = 0; n < 40; n++) {
      const inNetwork = networks();
      for (let i = 0; i < 8; i++) {
        const request = signupRequest(
          { email: `redis-flood-${n}-${i}-${randomUUID().slice(0, 6)}@example.org` },
          { "x-forwarded-for": inNetwork() },
        );
        const res = await (i % 2 ? a! : b!).handler(request);
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
    expect([201, 202]).toContain((await a!.handler(reader)).status);
    await Promise.all([a!.service.close(), b!.service.close(), ...engines.map((e) => e.close())]);
  }, 120_000);
});
