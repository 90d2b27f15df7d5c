import { randomUUID } from "node:crypto";
import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { metrics, reportGauge } from "../observability/metrics";
import { addressKey } from "./address-key";
import { backoffMs, hourOf, spacingMs, STATS_TTL_MS, windows, type WorkerOptions } from "./attempt";
import type { Kept, SqliteSignupStore } from "./sqlite-store";
import {
  FAILED_SHOWN,
  refusalOf,
  StoreUnavailableError,
  type Accepted,
  type DeliveryOverview,
  type Outcome,
  type SignupStore,
  type StatKind,
} from "./types";

/*
 * A BullMQ queue whose job id is the mailbox's key: one pending delivery per mailbox across
 * instances. It alone paces, retries and fails. A signup is the queue's once a replica has it
 * (WAIT): the primary's loss could undo its answer alone. One Redis cannot take safely waits in
 * this instance's SQLite outbox; a forward repeated after delivery finds its completed job.
 */

const QUEUE_NAME = "newsletter-delivery";
const QUEUE_PREFIX = "masthead";
const STATS_PREFIX = `${QUEUE_PREFIX}:delivery:stats:`;

/** WAIT's timeout stays under the fail-fast command timeout: a slow replica costs a reader at most this. */
export const REPLICA_CONFIRM_TIMEOUT_MS = 150;
/** After a WAIT no replica answered, signups skip waiting this long (kept in the outbox at once). */
const NO_REPLICA_PAUSE_MS = 1_000;
/** The longest a queue operation may take before it counts as unreachable. */
const GUARD_TIMEOUT_MS = 1_000;
/** Failures in a row, while the connection says ready, after which the Queue object is made anew. */
const STRIKES_TO_RECREATE = 3;
const FORWARD_EVERY_MS = 1_000;
/** A delivered job stays this long, so a forward repeated after its delivery sends nothing. */
const KEEP_COMPLETED_SECONDS = 24 * 60 * 60;

type RedisStoreOptions = WorkerOptions & {
  connection: Redis;
  /** BullMQ's worker blocks on Redis: a connection that waits for it instead of failing. */
  workerConnection: () => Redis;
  /** With a Sentinel group, a connection of its own for WAIT (it holds its connection). */
  confirmWith?: Redis;
  outbox: SqliteSignupStore;
  maxPending: number;
  log: (line: string) => void;
};

export class RedisSignupStore implements SignupStore {
  readonly engine = "redis" as const;
  private queue: Queue<Kept>;
  private worker: Worker<Kept> | undefined;
  private forwarding: Promise<void> | undefined;
  private stopping = false;
  private wakeForwarder: (() => void) | undefined;
  private waitAgainAt = 0;
  private strikes = 0;
  private answering: boolean | undefined;
  private outboxReason: string | undefined;

  constructor(private readonly o: RedisStoreOptions) {
    this.queue = this.newQueue();
  }

  private newQueue(): Queue<Kept> {
    const queue = new Queue<Kept>(QUEUE_NAME, {
      connection: this.o.connection,
      prefix: QUEUE_PREFIX,
      // Events are not used; keep the stream short.
      streams: { events: { maxLen: 100 } },
      defaultJobOptions: {
        attempts: Number.MAX_SAFE_INTEGER,
        backoff: { type: "capped" },
        removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
        removeOnFail: false,
      },
    });
    // Errors surface on the calls themselves; without a listener an 'error' event would crash the process.
    queue.on("error", () => {});
    return queue;
  }

  /** Fails fast; a Queue failing while its connection is ready is made anew (BullMQ keeps a failed start-up check for good). */
  private async guard<T>(work: (queue: Queue<Kept>) => Promise<T>): Promise<T> {
    if (this.o.connection.status !== "ready") {
      this.answered(false);
      throw new StoreUnavailableError("unreachable", "the Redis primary cannot be reached (not connected)");
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("Command timed out")), GUARD_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([work(this.queue), timeout]);
      this.answered(true);
      return result;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.reason === "unreachable" && this.o.connection.status === "ready") {
        this.answered(false);
        if (++this.strikes >= STRIKES_TO_RECREATE) {
          this.o.log("the delivery queue does not answer while its Redis connection does; recreating it");
          this.strikes = 0;
          const old = this.queue;
          this.queue = this.newQueue();
          void old.close().catch(() => {});
        }
      }
      throw refusal;
    } finally {
      clearTimeout(timer);
    }
  }

  private answered(yes: boolean): void {
    if (yes) this.strikes = 0;
    if (this.answering === yes) return;
    this.answering = yes;
    reportGauge(metrics().deliveryQueueUp, yes ? 1 : 0);
  }

  /** Why this instance cannot deliver now although Redis is up, or null. */
  problem(): string | null {
    return this.answering === false && this.o.connection.status === "ready"
      ? "the delivery queue does not answer although Redis does"
      : null;
  }

  /** Resolves once a replica holds every write made so far (replication is one ordered stream). */
  private async confirm(): Promise<void> {
    const connection = this.o.confirmWith;
    if (!connection) return;
    if (Date.now() >= this.waitAgainAt) {
      try {
        // WAIT waits for its own connection's last write, so it makes one after the signup's.
        await connection.set(`${QUEUE_PREFIX}:delivery:confirm`, "1", "PX", 60_000);
        if (Number(await connection.call("WAIT", 1, REPLICA_CONFIRM_TIMEOUT_MS)) >= 1) return;
      } catch {
        // The primary went away mid-way: nothing says a replica has it.
      }
      this.waitAgainAt = Date.now() + NO_REPLICA_PAUSE_MS;
    }
    throw new StoreUnavailableError(
      "unreplicated",
      `no replica confirmed it within ${REPLICA_CONFIRM_TIMEOUT_MS} ms`,
    );
  }

  /** The ref of the signup the mailbox's job holds, confirmed; a finished job of another signup makes way. */
  private put(signup: Kept): Promise<string> {
    return this.guard(async (queue) => {
      const id = addressKey(signup.email);
      const job = await queue.getJob(id);
      if (job && (job.data.ref === signup.ref || !job.finishedOn)) {
        await this.confirm();
        return job.data.ref;
      }
      if (job) await job.remove();
      if ((await queue.count()) >= this.o.maxPending)
        throw new StoreUnavailableError("full", `${this.o.maxPending} signups are already waiting`);
      await queue.add("signup", signup, { jobId: id });
      await this.confirm();
      return signup.ref;
    });
  }

  async accept(email: string): Promise<Accepted> {
    const signup = { ref: randomUUID(), email, queuedAt: Date.now() };
    let held: string;
    try {
      held = await this.put(signup);
      if (this.outboxReason && this.o.outbox.oldest(1).length === 0) {
        this.o.log("the Redis queue holds signups safely again");
        this.outboxReason = undefined;
      }
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || error.reason === "full") throw error;
      metrics().signupQueueRefusals.inc({ reason: error.reason });
      if (this.outboxReason !== error.reason)
        this.o.log(
          `${error.message}; keeping signups in this instance's own file until the queue confirms them`,
        );
      this.outboxReason = error.reason;
      try {
        held = this.o.outbox.keep(signup).ref;
      } catch (local) {
        this.o.log(`this instance's own file refused the signup too (${(local as Error).message})`);
        throw error;
      }
      this.wakeForwarder?.();
    }
    return { id: held, email, alreadyPending: held !== signup.ref };
  }

  async outcome(signup: Accepted, waitMs: number): Promise<Outcome> {
    const deadline = Date.now() + waitMs;
    const id = addressKey(signup.email);
    // The queue waits out a failure longer than the reader would: nothing will happen meanwhile.
    const paused = await this.guard((queue) => queue.getRateLimitTtl()).catch(() => 0);
    if (paused > waitMs) return "pending";
    for (;;) {
      const job = await this.guard((queue) => queue.getJob(id)).catch(() => null);
      // Not in the queue (kept in the outbox) or unreadable: nothing will change within the wait.
      if (!job) return "pending";
      const failed = job.failedReason === "rejected" ? "rejected" : "pending";
      if (job.data.ref === signup.id && job.finishedOn) return job.failedReason ? failed : job.returnvalue;
      if (Date.now() >= deadline) return "pending";
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, deadline - Date.now())));
    }
  }

  async count(kind: StatKind, n = 1): Promise<void> {
    const key = `${STATS_PREFIX}${hourOf(Date.now())}`;
    await this.o.connection
      .multi()
      .hincrby(key, kind, n)
      .pexpire(key, STATS_TTL_MS)
      .exec()
      .catch(() => {});
  }

  async overview(): Promise<DeliveryOverview> {
    const now = Date.now();
    const hours = Array.from({ length: 24 * 7 }, (_, i) => hourOf(now) - i);
    const stats = this.o.connection.pipeline();
    for (const hour of hours) stats.hgetall(`${STATS_PREFIX}${hour}`);
    const [read, c, firsts, failed] = await this.guard((queue) =>
      Promise.all([
        stats.exec(),
        queue.getJobCounts("waiting", "delayed", "active", "prioritized", "failed"),
        Promise.all([true, false].map((asc) => queue.getJobs(["wait", "delayed", "prioritized"], 0, 0, asc))),
        queue.getFailed(0, FAILED_SHOWN - 1),
      ]),
    );
    const rows = (read ?? []).flatMap(([, hash], i) =>
      Object.entries((hash ?? {}) as Record<string, string>).map(([kind, n]) => ({
        hour: hours[i]!,
        kind,
        n: Number(n),
      })),
    );
    const outbox = await this.o.outbox.overview();
    const starts = [...firsts.flat().map((job) => job.data.queuedAt), outbox.oldestWaitingAt ?? Infinity];
    const oldest = Math.min(...starts);
    return {
      ...windows(rows, now),
      waiting: c.waiting! + c.delayed! + c.active! + c.prioritized! + outbox.waiting,
      oldestWaitingAt: Number.isFinite(oldest) ? oldest : null,
      failedTotal: c.failed!,
      failed: failed.map((job) => ({
        id: job.id!,
        email: job.data.email,
        reason: job.failedReason === "rejected" ? "rejected" : "expired",
        failedAt: job.finishedOn ?? job.timestamp,
      })),
    };
  }

  private failedJobs(queue: Queue<Kept>, ids: string[]) {
    return Promise.all(ids.map((id) => queue.getJob(id))).then((jobs) =>
      jobs.filter((job): job is Job<Kept> => Boolean(job?.finishedOn && job.failedReason)),
    );
  }

  async retryFailed(ids?: string[]): Promise<number> {
    return this.guard(async (queue) => {
      let moved = 0;
      for (;;) {
        const jobs = ids ? await this.failedJobs(queue, ids) : await queue.getFailed(0, 499);
        for (const job of jobs) {
          // Its age starts again, or it would expire straight back into the failed list.
          await job.updateData({ ...job.data, queuedAt: Date.now() });
          await job.retry("failed");
          moved++;
        }
        if (ids || jobs.length === 0) return moved;
      }
    });
  }

  async discardFailed(ids?: string[]): Promise<number> {
    return this.guard(async (queue) => {
      if (ids) {
        const jobs = await this.failedJobs(queue, ids);
        await Promise.all(jobs.map((job) => job.remove()));
        return jobs.length;
      }
      let removed = 0;
      for (;;) {
        const cleaned = await queue.clean(0, 1000, "failed");
        removed += cleaned.length;
        if (cleaned.length < 1000) return removed;
      }
    });
  }

  start({ worker }: { worker: boolean }): void {
    this.stopping = false;
    this.forwarding ??= this.forward();
    if (worker) this.worker ??= this.startWorker();
  }

  /** One signup at a time, at the queue's pace, on any instance. */
  private startWorker(): Worker<Kept> {
    const { attempt, pause, log, maxAgeMs } = this.o;
    const worker: Worker<Kept> = new Worker<Kept>(
      QUEUE_NAME,
      async (job) => {
        if (Date.now() - job.data.queuedAt > maxAgeMs) throw new UnrecoverableError("expired");
        const result = await attempt(job.data.email);
        if (result.kind === "rejected") throw new UnrecoverableError("rejected");
        if (result.kind !== "retry") return result.kind;
        // Every instance's worker waits out the backoff; the job goes back unchanged.
        await worker.rateLimit(Math.max(1, pause()));
        throw Worker.RateLimitError();
      },
      {
        connection: this.o.workerConnection(),
        prefix: QUEUE_PREFIX,
        concurrency: 1,
        limiter: { max: 1, duration: spacingMs(this.o.ratePerSecond) },
        // A call can take the workspace timeout; the lock is renewed while the job runs anyway.
        lockDuration: 60_000,
        // A failover or a restart leaves jobs stalled: they go back to waiting, never to failed.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        // Any other error (Redis in the middle of a call): again, later.
        settings: { backoffStrategy: (attempts) => backoffMs(attempts, undefined) },
      },
    );
    worker.on("error", (error) => log(`queue worker error (${error.name})`));
    worker.on("completed", (job) => {
      void this.count("delivered");
      // The job stays (KEEP_COMPLETED_SECONDS) to recognise a repeated forward; its address need not.
      void job.updateData({ ...job.data, email: "" }).catch(() => {});
    });
    worker.on("failed", (job, error) => {
      if (!job?.finishedOn) return;
      log(
        error.message === "rejected"
          ? "the workspace refused an address (422); it moved to the failed list"
          : error.message === "expired"
            ? "a signup passed the maximum age and moved to the failed list"
            : `a signup moved to the failed list (${error.name})`,
      );
      void this.count("failed");
    });
    return worker;
  }

  /** Each kept signup leaves the outbox once the queue confirms it; when idle, asks the queue so a broken one is recreated. */
  private async forward(): Promise<void> {
    while (!this.stopping) {
      let more = false;
      try {
        const kept = this.o.outbox.oldest(50);
        for (const signup of kept) {
          await this.put(signup);
          this.o.outbox.forget(signup.ref);
        }
        more = kept.length === 50;
        if (kept.length === 0) await this.guard((queue) => queue.count());
        else if (!more && this.outboxReason) {
          this.o.log("every signup kept in this instance's own file is in the queue again");
          this.outboxReason = undefined;
        }
      } catch {
        // Said by the queue's health (readiness, metrics); tried again next round.
      }
      if (!more)
        await new Promise<void>((resolve) => {
          const timer = setTimeout((this.wakeForwarder = resolve), FORWARD_EVERY_MS);
          timer.unref();
        });
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeForwarder?.();
    await this.forwarding;
    this.forwarding = undefined;
    await this.worker?.close();
    this.worker = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    await this.queue.close().catch(() => {});
    await this.o.outbox.close();
  }
}
