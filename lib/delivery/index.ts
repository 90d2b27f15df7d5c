import "server-only";
import path from "node:path";
import { env } from "../config/env";
import { logLine } from "../observability/log.mjs";
import {
  blockingRedisConnection,
  existingProcessMemo,
  processMemo,
  redisConnection,
  redisTarget,
  stateEngine,
} from "../state";
import { createWorkspaceClient } from "../workspace";
import { MemoryGate, RedisGate } from "./gate";
import { QueueWithLocalFallback } from "./queue-with-fallback";
import { NO_REPLICAS, RedisSignupStore, type ReplicaConfirmation } from "./redis-queue";
import { createDeliveryService, type DeliveryService } from "./service";
import { SqliteSignupStore } from "./sqlite-store";

export { createDeliveryService, type DeliveryService } from "./service";
export {
  StoreUnavailableError,
  type DeliveryCounts,
  type DeliveryOverview,
  type FailedSignup,
  type SignupQueue,
  type SignupStore,
} from "./types";
export { mailbox } from "./address-key";

/**
 * The process's delivery service, configured from lib/config/env.ts and the state engine: the SQLite
 * store and an in-memory gate when embedded; with Redis, the BullMQ queue backed by the same
 * SQLite file for what the queue cannot hold safely (lib/delivery/queue-with-fallback.ts), and a
 * Redis gate.
 * One per process (processMemo), shared by the route, the admin and the worker, whichever of
 * Next's bundles asks first.
 */
const SERVICE = "newsletter.delivery";

/**
 * With a Sentinel group a replica must confirm each signup before the reader is told it is on
 * its way: the group exists so that losing the primary loses nothing. WAIT's timeout stays under
 * the fail-fast command timeout (lib/state/redis-fail-fast.mjs), so a slow replica costs a
 * reader at most this before the signup is kept in the instance's own store instead.
 */
export const REPLICA_CONFIRM_TIMEOUT_MS = 150;

function replicaConfirmation(): ReplicaConfirmation {
  const target = redisTarget();
  const connection = redisConnection("delivery-confirm");
  return target && typeof target === "object" && connection
    ? { replicas: 1, timeoutMs: REPLICA_CONFIRM_TIMEOUT_MS, connection }
    : NO_REPLICAS;
}

export function delivery(): DeliveryService {
  return processMemo(SERVICE, () => {
    const config = env();
    const d = config.delivery;
    const { workspace: w } = config;
    const client = createWorkspaceClient({
      apiBase: w.apiBase,
      apiKey: w.apiKey,
      timeoutMs: w.timeoutMs,
      // The worker retries on its own schedule, through the gate: no hidden extra calls.
      maxRetries: 0,
    });
    const base = {
      subscribe: (email: string) => client.addSubscriber(email),
      mode: config.mode,
      maxAgeMs: d.maxAgeHours * 60 * 60 * 1000,
      leaseMs: w.timeoutMs + 5_000,
    };
    const redis = stateEngine() === "redis" ? redisConnection("delivery") : null;
    const local = new SqliteSignupStore({ file: path.resolve(d.storePath), maxPending: d.maxPending });
    if (redis) {
      return createDeliveryService({
        ...base,
        store: new QueueWithLocalFallback(
          new RedisSignupStore(redis, d.maxPending, replicaConfirmation()),
          local,
          logLine("delivery"),
        ),
        gate: new RedisGate(redis, d.ratePerSecond),
        // BullMQ's worker blocks on Redis: it needs its own connection that waits rather than fails fast.
        workerConnection: () => blockingRedisConnection("delivery-worker")!,
      });
    }
    return createDeliveryService({
      ...base,
      store: local,
      gate: new MemoryGate(d.ratePerSecond),
    });
  });
}

/** The route's direct attempt: one call within DELIVERY_DIRECT_TIMEOUT_MS, no retries (the store is the retry). */
export function directSubscribe(): (email: string) => Promise<unknown> {
  return processMemo("newsletter.direct-subscribe", () => {
    const { workspace: w, delivery: d } = env();
    const client = createWorkspaceClient({
      apiBase: w.apiBase,
      apiKey: w.apiKey,
      timeoutMs: Math.min(w.timeoutMs, d.directTimeoutMs),
      maxRetries: 0,
    });
    return (email: string) => client.addSubscriber(email);
  });
}

/** Starts this process's delivery worker unless DELIVERY_WORKER=off (instrumentation.ts calls it). */
export function startInProcessDelivery(): void {
  if (!env().delivery.inProcessWorker) return;
  delivery().startWorker();
}

/**
 * Shutdown, first step: the worker finishes the call it is making (its outcome is recorded) and
 * takes no other; what still waits stays queued for the other instances or the next start.
 * The store stays open for the requests still being answered. Nothing when delivery was never used.
 */
export async function stopDeliveryWorker(): Promise<void> {
  await existingProcessMemo<DeliveryService>(SERVICE)?.stopWorker();
}

/** Shutdown, last step (no request left): closes the store and the gate. */
export async function closeDelivery(): Promise<void> {
  await existingProcessMemo<DeliveryService>(SERVICE)?.close();
}
