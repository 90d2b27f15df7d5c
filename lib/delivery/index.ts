import "server-only";
import path from "node:path";
import { env } from "../config/env";
import { logLine } from "../observability/log.mjs";
import { existingProcessMemo, processMemo } from "../memo/process-memo.mjs";
import { blockingRedisConnection, redisConnection, redisTarget, stateEngine } from "../state";
import { reportProblem } from "../state/readiness";
import { createWorkspaceClient } from "../workspace";
import { createAttempt } from "./attempt";
import { NO_REPLICAS, RedisSignupStore, type ReplicaConfirmation } from "./redis-queue";
import { SqliteSignupStore } from "./sqlite-store";
import type { SignupStore } from "./types";

export * from "./types";
export { mailbox } from "./address-key";

/**
 * The process's signup store, configured from lib/config/env.ts and the state engine: SQLite
 * when embedded; with Redis, the BullMQ queue, with the same SQLite file as this instance's
 * outbox. One per process (lib/memo's "delivery"), shared by the route, the admin and the
 * worker, whichever of Next's bundles asks first.
 */

/**
 * With a Sentinel group a replica must confirm each signup before the queue counts as holding
 * it. WAIT's timeout stays under the fail-fast command timeout (lib/state/redis-fail-fast.mjs),
 * so a slow replica costs a reader at most this before the signup goes to the outbox instead.
 */
export const REPLICA_CONFIRM_TIMEOUT_MS = 150;

function replicaConfirmation(): ReplicaConfirmation {
  const target = redisTarget();
  const connection = redisConnection("delivery-confirm");
  return target && typeof target === "object" && connection
    ? { replicas: 1, timeoutMs: REPLICA_CONFIRM_TIMEOUT_MS, connection }
    : NO_REPLICAS;
}

export function delivery(): SignupStore {
  return processMemo("delivery", () => {
    const config = env();
    const { delivery: d, workspace: w } = config;
    // The queue retries on its own schedule: no hidden extra calls.
    const client = createWorkspaceClient({ ...w, maxRetries: 0 });
    const log = logLine("delivery");
    const attempt = createAttempt({
      subscribe: (email) => client.addSubscriber(email),
      mode: config.mode,
      log,
    });
    const maxAgeMs = d.maxAgeHours * 60 * 60 * 1000;
    const file = path.resolve(d.storePath);
    const redis = stateEngine() === "redis" ? redisConnection("delivery") : null;
    if (!redis)
      return new SqliteSignupStore({
        file,
        maxPending: d.maxPending,
        log,
        worker: { ...attempt, ratePerSecond: d.ratePerSecond, maxAgeMs, leaseMs: w.timeoutMs + 5_000 },
      });
    const store = new RedisSignupStore({
      ...attempt,
      connection: redis,
      // BullMQ's worker blocks on Redis: its own connection that waits rather than fails fast.
      workerConnection: () => blockingRedisConnection("delivery-worker")!,
      confirmation: replicaConfirmation(),
      outbox: new SqliteSignupStore({ file, maxPending: d.maxPending, log }),
      maxPending: d.maxPending,
      maxAgeMs,
      ratePerSecond: d.ratePerSecond,
      log,
    });
    reportProblem("delivery", () => store.problem());
    return store;
  });
}

/**
 * Starts this process's delivery: the worker unless DELIVERY_WORKER=off, and with Redis the
 * outbox's forwarder always (only this instance can forward its own file). instrumentation.ts calls it.
 */
export function startInProcessDelivery(): void {
  delivery().start({ worker: env().delivery.inProcessWorker });
}

/**
 * Shutdown, first step: the worker finishes the call it is making and takes no other; what
 * still waits stays for the other instances or the next start. The store stays open for the
 * requests still being answered. Nothing when delivery was never used.
 */
export async function stopDeliveryWorker(): Promise<void> {
  await existingProcessMemo<SignupStore>("delivery")?.stop();
}

/** Shutdown, last step (no request left): closes the store. */
export async function closeDelivery(): Promise<void> {
  await existingProcessMemo<SignupStore>("delivery")?.close();
}
