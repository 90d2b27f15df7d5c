import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_DEMO_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { RedisGate } from "@/lib/delivery/gate";
import { REPLICA_CONFIRM_TIMEOUT_MS } from "@/lib/delivery";
import { QueueWithLocalFallback } from "@/lib/delivery/queue-with-fallback";
import { NO_REPLICAS, RedisSignupStore } from "@/lib/delivery/redis-queue";
import { createDeliveryService, type DeliveryService } from "@/lib/delivery/service";
import { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { createNewsletterLimiters, DEFAULT_LIMITS } from "@/lib/newsletter/rate-limit";
import { createStateEngine, type StateEngine } from "@/lib/state/engine";
import type { RedisTarget } from "@/lib/state/redis-fail-fast.mjs";
import { createWorkspaceClient } from "@/lib/workspace";
import { oneClientPerNetwork } from "../helpers/client-addresses";
import { DELIVERY_SITE, deliveryTestHandler, signupRequest } from "../helpers/delivery-handler";
import { oneShot, startRedisNode, startSentinelGroup } from "../helpers/redis-group";
import { sleep, until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * "Accepted" means it survives the loss of a Redis node: real redis-server processes (a
 * Sentinel group; one Redis with its append-only file; one at its memory limit), two
 * instances each with its own connections, route handler, workers and SQLite file, the
 * workspace failing while Redis breaks so every signup waits in a store. Each case ends by
 * counting verification emails in the local workspace's outbox: every signup answered 2xx
 * arrives exactly once, and nothing is ever answered 500.
 */

let ws: LocalWorkspaceServer;
const folders: string[] = [];
const running: { service: DeliveryService; engine: StateEngine }[] = [];

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  // lib/config/env.ts is read by the limiters' defaults; the instances below wire themselves.
  delete process.env.WORKSPACE_URL;
  process.env.LOCAL_WORKSPACE_PORT = String(ws.port);
});
afterAll(async () => {
  await ws.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const failWorkspace = () => workspace.setFault(ws.url, { mode: "status", status: 503 });
const healWorkspace = () => workspace.setFault(ws.url, null);
const emailsTo = async (to: string) => (await workspace.outbox(ws.url, to)).length;

/** Generous budgets: these suites count durability, not limits. */
const LIMITS = {
  ...DEFAULT_LIMITS,
  perClient: { points: 10_000, durationSeconds: 60 },
  perNetwork: { points: 10_000, durationSeconds: 60 },
  global: { points: 100_000, durationSeconds: 60 },
};

/** One Masthead instance's delivery side, wired as lib/delivery/index.ts wires the app's. */
function instance(target: RedisTarget, logs: string[], localFile?: string) {
  const log = (line: string) => logs.push(line);
  const engine = createStateEngine({ redis: target, log });
  const commands = engine.connection("delivery")!;
  const client = createWorkspaceClient({
    apiBase: `${ws.url}/api/external`,
    apiKey: LOCAL_DEMO_API_KEY,
    timeoutMs: 2_000,
    maxRetries: 0,
  });
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-instance-"));
  folders.push(dir);
  const confirmation =
    typeof target === "object"
      ? {
          replicas: 1,
          timeoutMs: REPLICA_CONFIRM_TIMEOUT_MS,
          connection: engine.connection("delivery-confirm")!,
        }
      : NO_REPLICAS;
  const store = new QueueWithLocalFallback(
    new RedisSignupStore(commands, 10_000, confirmation),
    new SqliteSignupStore({ file: localFile ?? path.join(dir, "signups.sqlite"), maxPending: 10_000 }),
    log,
  );
  const service = createDeliveryService({
    store,
    gate: new RedisGate(commands, 50),
    subscribe: (e) => client.addSubscriber(e),
    mode: "local",
    maxAgeMs: 72 * 3600_000,
    leaseMs: 5_000,
    workerConnection: () => engine.blockingConnection("delivery-worker")!,
    log,
  });
  service.startWorker();
  running.push({ service, engine });
  const handler = deliveryTestHandler({
    subscribe: (e) => client.addSubscriber(e),
    queue: service.route,
    siteUrl: DELIVERY_SITE,
    log,
    limiters: createNewsletterLimiters(LIMITS, engine.limiter),
  });
  /** Every connection a signup uses has answered (the first signups go to the queue, not the file). */
  const ready = () =>
    until(
      () => ["state", "delivery", "delivery-confirm"].every((p) => engine.connection(p)!.status === "ready"),
      { what: "the instance's Redis connections", timeoutMs: 10_000 },
    );
  return { handler, store, engine, service, ready };
}

async function stopInstances(): Promise<void> {
  for (const { service, engine } of running.splice(0)) {
    await service.close();
    await engine.close();
  }
}

type Answer = { email: string; status: number; at: number };
const nextClient = oneClientPerNetwork("10");
let counter = 0;

async function signup(handler: (r: Request) => Promise<Response>, tag: string): Promise<Answer> {
  const email = `${tag}-${++counter}-${Date.now().toString(36)}@example.com`;
  const res = await handler(signupRequest({ email }, { "x-forwarded-for": nextClient() }));
  return { email, status: res.status, at: Date.now() };
}

/** The workspace is back: one signup goes straight through (ending the outage hold), then every accepted one arrives once. */
async function expectEachAcceptedDeliveredOnce(
  handler: (r: Request) => Promise<Response>,
  answers: Answer[],
  timeoutMs = 60_000,
): Promise<void> {
  await healWorkspace();
  await until(async () => (await signup(handler, "probe")).status === 201, {
    what: "a signup to reach the workspace directly",
    timeoutMs: 20_000,
    intervalMs: 1_000,
  });
  const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
  let counts: number[] = [];
  await until(
    async () => {
      counts = await Promise.all(accepted.map((a) => emailsTo(a.email)));
      return counts.every((n) => n >= 1);
    },
    {
      what: "every accepted signup's verification email",
      timeoutMs,
      intervalMs: 500,
      detail: () => `${counts.filter((n) => n === 0).length} of ${accepted.length} missing`,
    },
  );
  // Let a duplicate (a second copy of one signup) show up if there is one.
  await sleep(2_000);
  counts = await Promise.all(accepted.map((a) => emailsTo(a.email)));
  expect(counts.filter((n) => n !== 1)).toEqual([]);
}

describe("a Sentinel failover during a burst of signups", () => {
  it("loses no accepted signup, sends each once, and accepts signups throughout", async () => {
    const group = await startSentinelGroup();
    try {
      const target = { sentinels: group.sentinels, name: group.name };
      const logs: string[] = [];
      const a = instance(target, logs);
      const b = instance(target, logs);
      const both = [a.handler, b.handler];
      await Promise.all([a.ready(), b.ready()]);
      await failWorkspace();

      const answers: Answer[] = [];
      for (let i = 0; i < 20; i++) answers.push(await signup(both[i % 2]!, "before"));
      expect(answers.map((x) => x.status)).toEqual(Array(20).fill(202));
      // Each was confirmed by the replica, so all 20 sit in the queue and none in a local file.
      expect((await a.store.queue.counts()).pending).toBe(20);
      expect((await a.store.local.counts()).pending + (await b.store.local.counts()).pending).toBe(0);

      const oldPrimary = `127.0.0.1:${group.primary.port}`;
      await group.primary.kill9();
      const killedAt = Date.now();
      let failedOverAt: number | undefined;
      let rejoinedAt: number | undefined;
      let i = 0;
      while (Date.now() - killedAt < 20_000) {
        answers.push(await signup(both[i++ % 2]!, "during"));
        const primaryNow = await group.primaryNow();
        if (!failedOverAt && primaryNow !== oldPrimary) failedOverAt = Date.now();

        // The crashed server comes back after 8 s, and the Sentinels make it the new primary's replica.
        if (!rejoinedAt && Date.now() - killedAt > 8_000) {
          await group.primary.restart();
          rejoinedAt = Date.now();
        }
        await sleep(200);
      }
      const during = answers.slice(20);
      const accepted = during.filter((x) => x.status === 202);
      const refused = during.filter((x) => x.status === 503);
      expect(during.filter((x) => x.status === 500)).toEqual([]);
      expect(accepted.length + refused.length).toBe(during.length);
      expect(failedOverAt).toBeDefined();
      // Accepted again within 30 s of the kill: here, throughout (the instance's own file).
      const firstAcceptedAfter = accepted[0]!.at - killedAt;
      expect(firstAcceptedAfter).toBeLessThan(30_000);
      // Once the old primary is a replica again, the queue holds signups safely again.
      const replicaOnline = async () => {
        const now = await group.primaryNow();
        const info = now ? await oneShot(Number(now.split(":")[1]), (c) => c.info("replication")) : null;
        return /connected_slaves:1/.test(info ?? "") && /state=online/.test(info ?? "");
      };
      await until(replicaOnline, {
        what: "the old primary to be a replica again",
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      const replicaBackAt = Date.now();
      await sleep(1_100); // past the pause after an unconfirmed WAIT
      const queuedBefore = (await a.store.queue.counts()).pending;
      const localBefore = (await a.store.local.counts()).pending + (await b.store.local.counts()).pending;
      for (let j = 0; j < 4; j++) answers.push(await signup(both[j % 2]!, "after"));
      expect(answers.slice(-4).map((x) => x.status)).toEqual([202, 202, 202, 202]);
      expect((await a.store.queue.counts()).pending).toBe(queuedBefore + 4);
      expect((await a.store.local.counts()).pending + (await b.store.local.counts()).pending).toBe(
        localBefore,
      );
      const kept = {
        local: (await a.store.local.counts()).pending + (await b.store.local.counts()).pending,
        queue: (await a.store.queue.counts()).pending,
      };
      console.info(
        `[failover] signups during 20 s: ${during.length}, answered 2xx ${accepted.length}, 503 ${refused.length}; ` +
          `Sentinels switched ${failedOverAt! - killedAt} ms after the kill; first 2xx ${firstAcceptedAfter} ms after; ` +
          `old primary restarted ${rejoinedAt! - killedAt} ms after, a replica again ${replicaBackAt - killedAt} ms after; ` +
          `kept locally ${kept.local}, in the queue ${kept.queue}`,
      );

      await expectEachAcceptedDeliveredOnce(a.handler, answers, 90_000);
      console.info(
        `[failover] accepted ${answers.filter((x) => x.status === 202).length}, lost 0, duplicates 0`,
      );
    } finally {
      await healWorkspace();
      await stopInstances();
      await group.stop();
    }
  }, 240_000);
});

describe("Redis killed and restarted from its append-only file", () => {
  it("loses no accepted signup", async () => {
    const node = await startRedisNode();
    try {
      const logs: string[] = [];
      const a = instance(node.url, logs);
      await a.ready();
      await failWorkspace();
      const answers: Answer[] = [];
      for (let i = 0; i < 20; i++) answers.push(await signup(a.handler, "aof"));
      expect(answers.map((x) => x.status)).toEqual(Array(20).fill(202));
      await node.kill9();
      // While it is down, signups are kept in the instance's own file.
      for (let i = 0; i < 5; i++) answers.push(await signup(a.handler, "aof-down"));
      expect(answers.slice(20).map((x) => x.status)).toEqual(Array(5).fill(202));
      await node.restart();
      // At least the 20 (the instance may already be handing its 5 kept signups to the queue);
      // each accepted one delivered exactly once is checked next. The reconnect waits on
      // ioredis's backoff, which a busy machine stretches.
      await until(async () => (await a.store.queue.counts().catch(() => ({ pending: -1 }))).pending >= 20, {
        what: "the restarted Redis to hold the 20 queued signups from its append-only file",
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      await expectEachAcceptedDeliveredOnce(a.handler, answers);
      console.info(`[aof] accepted ${answers.length}, all delivered once after kill -9 and restart`);
    } finally {
      await healWorkspace();
      await stopInstances();
      await node.stop();
    }
  }, 120_000);
});

describe("Redis at its memory limit (noeviction)", () => {
  it("answers every signup truthfully: 2xx only when kept, never 500, and delivers each accepted one once", async () => {
    const node = await startRedisNode();
    try {
      const logs: string[] = [];
      const a = instance(node.url, logs);
      await failWorkspace();
      const answers: Answer[] = [];
      for (let i = 0; i < 5; i++) answers.push(await signup(a.handler, "full-before"));
      // Other data fills Redis past a limit then set below it: every write is refused (OOM).
      await oneShot(node.port, async (c) => {
        const blob = "x".repeat(1024);
        for (let i = 0; i < 3000; i += 500)
          await c.mset(Object.fromEntries(Array.from({ length: 500 }, (_, j) => [`filler:${i + j}`, blob])));
        await c.config("SET", "maxmemory", "2mb");
      });
      const oom = await oneShot(node.port, (c) =>
        c.set("probe", "1").then(
          () => "ok",
          (e: Error) => e.message,
        ),
      );
      expect(oom).toMatch(/^OOM/);
      for (let i = 0; i < 20; i++) answers.push(await signup(a.handler, "full"));
      const whileFull = answers.slice(5);
      expect(whileFull.filter((x) => x.status === 500)).toEqual([]);
      expect(whileFull.every((x) => x.status === 202 || x.status === 503)).toBe(true);
      expect(logs.some((l) => l.includes("memory limit"))).toBe(true);
      const keptLocally = (await a.store.local.counts()).pending;
      console.info(
        `[full] while full: ${whileFull.filter((x) => x.status === 202).length} answered 2xx (kept in the instance's file: ${keptLocally}), ` +
          `${whileFull.filter((x) => x.status === 503).length} answered 503, 0 answered 500`,
      );
      // Redis is given room; the signups kept anywhere all arrive.
      await oneShot(node.port, (c) => c.config("SET", "maxmemory", "0"));
      await expectEachAcceptedDeliveredOnce(a.handler, answers);
    } finally {
      await healWorkspace();
      await stopInstances();
      await node.stop();
    }
  }, 120_000);
});

describe("Redis gone and the instance's own file unwritable", () => {
  it("answers 503 with Retry-After, never 2xx or 500", async () => {
    const node = await startRedisNode();
    try {
      const logs: string[] = [];
      // A "folder" that is a file: the instance's own store refuses every write.
      const dir = mkdtempSync(path.join(tmpdir(), "masthead-unwritable-"));
      folders.push(dir);
      writeFileSync(path.join(dir, "not-a-folder"), "");
      const a = instance(node.url, logs, path.join(dir, "not-a-folder", "signups.sqlite"));
      await failWorkspace();
      await node.kill9();
      const res = await a.handler(
        signupRequest({ email: `gone-${Date.now()}@example.com` }, { "x-forwarded-for": nextClient() }),
      );
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(logs.some((l) => l.includes("own store refused the signup too"))).toBe(true);
    } finally {
      // Back, so the queue's worker (which waits for Redis by design) can close; a restart that
      // fails throws here, before the wait on the worker could hide it behind the test's timeout.
      if (!node.running()) await node.restart();
      await healWorkspace();
      await stopInstances();
      await node.stop();
    }
  }, 60_000);
});
