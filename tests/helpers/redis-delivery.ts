import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import { createAttempt } from "@/lib/delivery/attempt";
import { RedisSignupStore } from "@/lib/delivery/redis-queue";
import { SqliteSignupStore } from "@/lib/delivery/sqlite-store";
import { LOCAL_DEMO_API_KEY } from "@/lib/local-workspace";
import { createNewsletterLimiters, DEFAULT_LIMITS } from "@/lib/newsletter/rate-limit";
import { createStateEngine, type StateEngine } from "@/lib/state/engine";
import type { RedisTarget } from "@/lib/state/redis-fail-fast.mjs";
import { createWorkspaceClient } from "@/lib/workspace";
import { DELIVERY_SITE, deliveryTestHandler } from "./delivery-handler";

/** Generous budgets: the Redis suites count durability, not limits. */
const LIMITS = {
  ...DEFAULT_LIMITS,
  perClient: { points: 10_000, durationSeconds: 60 },
  perNetwork: { points: 10_000, durationSeconds: 60 },
  global: { points: 100_000, durationSeconds: 60 },
};

export type RedisInstance = ReturnType<typeof redisInstance>;

/**
 * One Masthead instance's delivery side on `target`, wired as lib/delivery/index.ts wires the
 * app's: its own state engine (connections), store, outbox file, worker and route handler.
 * `confirmation` replaces the replica confirmation (a Sentinel group's unless given).
 */
export function redisInstance(opts: {
  target: RedisTarget;
  workspaceUrl: string;
  logs: string[];
  rate?: number;
  outboxFile?: string;
  worker?: boolean;
  waitMs?: number;
  confirmation?: (engine: StateEngine) => Redis;
  /** Connections made (and connected) beforehand. */
  engine?: StateEngine;
}) {
  const log = (line: string) => opts.logs.push(line);
  const engine = opts.engine ?? createStateEngine({ redis: opts.target, log });
  const client = createWorkspaceClient({
    apiBase: `${opts.workspaceUrl}/api/external`,
    apiKey: LOCAL_DEMO_API_KEY,
    timeoutMs: 2_000,
    maxRetries: 0,
  });
  const file =
    opts.outboxFile ?? path.join(mkdtempSync(path.join(tmpdir(), "masthead-instance-")), "signups.sqlite");
  const confirmWith =
    opts.confirmation?.(engine) ??
    (typeof opts.target === "object" ? engine.connection("delivery-confirm")! : undefined);
  const outbox = new SqliteSignupStore({ file, maxPending: 10_000, log });
  const store = new RedisSignupStore({
    ...createAttempt({ subscribe: (e) => client.addSubscriber(e), mode: "local", log }),
    connection: engine.connection("delivery")!,
    workerConnection: () => engine.blockingConnection("delivery-worker")!,
    confirmWith,
    outbox,
    maxPending: 10_000,
    maxAgeMs: 72 * 3600_000,
    ratePerSecond: opts.rate ?? 50,
    log,
  });
  store.start({ worker: opts.worker ?? true });
  const handler = deliveryTestHandler({
    store,
    siteUrl: DELIVERY_SITE,
    log,
    waitMs: opts.waitMs ?? 300,
    limiters: createNewsletterLimiters(LIMITS, engine.limiter),
  });
  return {
    store,
    outbox,
    engine,
    handler,
    async close() {
      await store.close();
      await engine.close();
    },
  };
}
