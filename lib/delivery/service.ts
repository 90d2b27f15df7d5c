import { logLine } from "../observability/log.mjs";
import { asWorkspaceError, attemptDelivery, classify, OutageTracker, type AttemptContext } from "./attempt";
import { QueueWithLocalFallback } from "./queue-with-fallback";
import { RedisSignupStore, runRedisWorker } from "./redis-queue";
import { SqliteSignupStore } from "./sqlite-store";
import { runSqliteWorker, type WorkerHandle } from "./sqlite-worker";
import type { DeliveryGate, SignupQueue, SignupStore } from "./types";
import type { Redis } from "ioredis";

export { attemptDelivery };

/**
 * How long a signup may wait for its turn at the workspace before it is stored instead: a
 * reader right behind another still gets "check your inbox", a burst goes to the store.
 */
export const DIRECT_SLOT_WAIT_MS = 1_000;

export type DeliveryService = {
  store: SignupStore;
  gate: DeliveryGate;
  route: SignupQueue;
  /** Starts this process's worker (once; later calls return the same handle). */
  startWorker(): WorkerHandle;
  /** Stops the worker: the call it is making finishes, nothing else is taken (the store stays open). */
  stopWorker(): Promise<void>;
  /** Stops the worker and closes the store and gate. */
  close(): Promise<void>;
};

export type DeliveryServiceOptions = {
  store: SignupStore;
  gate: DeliveryGate;
  /** The worker's call: the configured timeout, no retries of its own (the worker retries). */
  subscribe: (email: string) => Promise<unknown>;
  mode: "local" | "remote";
  maxAgeMs: number;
  /** A claimed signup stays reserved this long (longer than one call can take). */
  leaseMs: number;
  /** Redis engine only: a factory for the worker's dedicated connection. */
  workerConnection?: () => Redis;
  log?: (line: string) => void;
};

/**
 * Wires a store, a gate and the workspace into the route's side (store when the workspace
 * cannot take a signup now) and the worker's side (deliver what was stored), sharing one
 * outage tracker so a process logs a refused key once and backs off as one.
 */
export function createDeliveryService(options: DeliveryServiceOptions): DeliveryService {
  const log = options.log ?? logLine("delivery");
  const ctx: AttemptContext = { subscribe: options.subscribe, gate: options.gate, mode: options.mode, log };
  const outage = new OutageTracker(ctx);
  let worker: WorkerHandle | undefined;

  const route: SignupQueue = {
    isPending: (email) => options.store.isPending(email),
    mayCallNow: () => options.gate.tryTake(DIRECT_SLOT_WAIT_MS),
    directSucceeded: () => outage.succeeded(),
    async directFailed(error) {
      const result = classify(error);
      if (result.kind === "retry") await outage.failed(result, asWorkspaceError(error)?.endpoint, "signup");
    },
    enqueue: (email) => options.store.enqueue(email),
  };

  return {
    store: options.store,
    gate: options.gate,
    route,
    startWorker() {
      if (worker) return worker;
      const { store } = options;
      if (store instanceof SqliteSignupStore) {
        worker = runSqliteWorker({
          store,
          ctx,
          outage,
          maxAgeMs: options.maxAgeMs,
          leaseMs: options.leaseMs,
        });
      } else if (store instanceof RedisSignupStore && options.workerConnection) {
        worker = runRedisWorker({
          store,
          connection: options.workerConnection(),
          ctx,
          outage,
          maxAgeMs: options.maxAgeMs,
        });
      } else if (store instanceof QueueWithLocalFallback && options.workerConnection) {
        // The queue's worker, and this instance's own for the signups only its file holds.
        const queued = runRedisWorker({
          store: store.queue,
          connection: options.workerConnection(),
          ctx,
          outage,
          maxAgeMs: options.maxAgeMs,
        });
        const local = runSqliteWorker({
          store: store.local,
          ctx,
          outage,
          maxAgeMs: options.maxAgeMs,
          leaseMs: options.leaseMs,
          deliveredElsewhere: (signup) => store.queue.holds(signup.email, signup.queuedAt),
        });
        worker = {
          stop: async () => {
            await Promise.all([queued.stop(), local.stop()]);
          },
        };
      } else throw new Error("No worker for this store");
      return worker;
    },
    async stopWorker() {
      await worker?.stop();
      worker = undefined;
    },
    async close() {
      await this.stopWorker();
      await options.store.close();
      await options.gate.close();
    },
  };
}
