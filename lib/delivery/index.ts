import "server-only";
import path from "node:path";
import { env } from "../config/env";
import { logLine } from "../observability/log.mjs";
import { existingProcessMemo, processMemo } from "../memo/process-memo.mjs";
import { blockingRedisConnection, redisConnection, redisTarget, stateEngine } from "../state";
import { reportProblem } from "../state/readiness";
import { createWorkspaceClient } from "../workspace";
import { createAttempt } from "./attempt";
import { RedisSignupStore } from "./redis-queue";
import { SqliteSignupStore } from "./sqlite-store";
import type { SignupStore } from "./types";

export * from "./types";

/** The process's signup store: SQLite when embedded; with Redis, the queue, the same file as this instance's outbox. */
export function delivery(): SignupStore {
  return processMemo("delivery", () => {
    const { delivery: d, workspace: w, mode } = env();
    // The queue retries on its own schedule: no hidden extra calls.
    const client = createWorkspaceClient({ ...w, maxRetries: 0 });
    const log = logLine("delivery");
    const worker = {
      ...createAttempt({ subscribe: (email) => client.addSubscriber(email), mode, log }),
      ratePerSecond: d.ratePerSecond,
      maxAgeMs: d.maxAgeHours * 60 * 60 * 1000,
    };
    const file = path.resolve(d.storePath);
    const redis = stateEngine() === "redis" ? redisConnection("delivery") : null;
    if (!redis)
      return new SqliteSignupStore({
        file,
        maxPending: d.maxPending,
        log,
        worker: { ...worker, leaseMs: w.timeoutMs + 5_000 },
      });
    const store = new RedisSignupStore({
      ...worker,
      connection: redis,
      workerConnection: () => blockingRedisConnection("delivery-worker")!,
      confirmWith: typeof redisTarget() === "object" ? redisConnection("delivery-confirm")! : undefined,
      outbox: new SqliteSignupStore({ file, maxPending: d.maxPending, log }),
      maxPending: d.maxPending,
      log,
    });
    reportProblem("delivery", () => store.problem());
    return store;
  });
}

/** The worker unless DELIVERY_WORKER=off; with Redis the outbox's forwarder always (only this instance can forward its file). */
export function startInProcessDelivery(): void {
  delivery().start({ worker: env().delivery.inProcessWorker });
}

/** Shutdown, first step: the worker finishes its call in hand; the store stays open for requests still answered. */
export async function stopDeliveryWorker(): Promise<void> {
  await existingProcessMemo<SignupStore>("delivery")?.stop();
}

/** Shutdown, last step (no request left). */
export async function closeDelivery(): Promise<void> {
  await existingProcessMemo<SignupStore>("delivery")?.close();
}
