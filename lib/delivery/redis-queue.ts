import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { addressKey } from "./address-key";
import { attemptDelivery, type WorkerOptions } from "./attempt";
import type { WorkerHandle } from "./sqlite-worker";
import { StoreUnavailableError, type DeliveryCounts, type EnqueueResult, type SignupStore } from "./types";

/*
 * The Redis engine: a BullMQ queue, so any instance's worker can take a signup and BullMQ's
 * job lock makes sure only one does. The job id is the hashed address (BullMQ ignores an add
 * whose id exists), which is what keeps one pending delivery per address across instances.
 * Delivered jobs are removed at once (removeOnComplete), taking the address with them; failed
 * ones stay until an admin retries or discards them. Job data and failure reasons never hold
 * more than the address and a short code.
 *
 * With replicas to confirm (a Sentinel group), a signup counts as queued only once a replica has
 * it (Redis WAIT, a short timeout): the primary's answer alone could be undone by its loss,
 * since replication is asynchronous. An unconfirmed signup is taken back out of the queue (as
 * far as Redis still answers) and refused as "unreplicated", for the caller to keep elsewhere.
 */

export const QUEUE_NAME = "newsletter-delivery";
export const QUEUE_PREFIX = "masthead";
const DAY_MS = 24 * 60 * 60 * 1000;

type SignupJob = { email: string; queuedAt: number };

/**
 * How many replicas must confirm a signup, how long to wait for them, and the connection that
 * waits: one of its own, since WAIT holds its connection for up to `timeoutMs` and the queue's
 * other commands must not wait behind it.
 */
export type ReplicaConfirmation =
  { replicas: 0 } | { replicas: number; timeoutMs: number; connection: Redis };

/** No replica to wait for: one Redis (REDIS_URL), as durable as its append-only file. */
export const NO_REPLICAS: ReplicaConfirmation = { replicas: 0 };

/**
 * After a WAIT that no replica answered, signups skip waiting for this long (refused as
 * unreplicated at once): with no replica, every reader would otherwise pay the full timeout.
 */
const NO_REPLICA_PAUSE_MS = 1_000;

/**
 * A local copy of a signup queued at T is the same signup as a queue delivery at T - this or
 * later (the route writes the queue first, then the local copy).
 */
const SAME_SIGNUP_SLACK_MS = 5_000;

/** The longest a queue operation (a few commands, a WAIT among them) may take before it counts as unreachable. */
const GUARD_TIMEOUT_MS = 1_000;

/** A Redis failure as the store's refusal: full, gone (or not the primary any more), or other. */
function refusalOf(error: unknown): StoreUnavailableError {
  const message = error instanceof Error ? error.message : "";
  const name = error instanceof Error ? error.name : typeof error;
  if (/^OOM\b/.test(message))
    return new StoreUnavailableError("out_of_memory", "Redis is at its memory limit (maxmemory)");
  if (
    /Stream isn't writeable|Connection is closed|Command timed out|ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|^READONLY|^LOADING|^MASTERDOWN|All sentinels are unreachable/.test(
      message,
    )
  )
    return new StoreUnavailableError("unreachable", `the Redis primary cannot be reached (${name})`);
  return new StoreUnavailableError("unwritable", `Redis: ${name}`);
}

export type RedisQueueConnections = {
  /** Commands from the route and the admin: fails fast when Redis is unreachable. */
  commands: Redis;
  /** A dedicated connection with maxRetriesPerRequest: null, as BullMQ's workers require. */
  worker: () => Redis;
};

export class RedisSignupStore implements SignupStore {
  readonly engine = "redis" as const;
  readonly queue: Queue<SignupJob>;
  /** Until then, no replica is waited for (NO_REPLICA_PAUSE_MS). */
  private waitAgainAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly maxPending: number,
    private readonly confirmation: ReplicaConfirmation = NO_REPLICAS,
  ) {
    this.queue = new Queue<SignupJob>(QUEUE_NAME, {
      connection: redis,
      prefix: QUEUE_PREFIX,
      // Events are not used; keep the stream short.
      streams: { events: { maxLen: 100 } },
    });
    // Errors surface on the calls themselves; without a listener an 'error' event would crash the process.
    this.queue.on("error", () => {});
  }

  private get deliveredKey() {
    return `${QUEUE_PREFIX}:delivery:delivered`;
  }

  private doneKey(id: string) {
    return `${QUEUE_PREFIX}:delivery:done:${id}`;
  }

  /**
   * Runs `work` against Redis, failing fast as every Masthead client does: at once while the
   * connection is down (BullMQ would otherwise wait for it to come up), and after
   * GUARD_TIMEOUT_MS at most (a reader's signup never hangs on Redis).
   */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.redis.status !== "ready")
      throw new StoreUnavailableError("unreachable", "the Redis primary cannot be reached (not connected)");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("Command timed out")), GUARD_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work(), timeout]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      throw refusalOf(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Resolves once the configured number of replicas hold every write this connection made so
   * far, `id`'s included (replication is one ordered stream, so a replica that has this
   * connection's last write has every earlier write of any connection too).
   */
  private async confirmReplicated(id: string, added: boolean): Promise<void> {
    const confirmation = this.confirmation;
    if (confirmation.replicas <= 0 || !("connection" in confirmation)) return;
    const { replicas, timeoutMs, connection } = confirmation;
    let acknowledged = 0;
    if (Date.now() >= this.waitAgainAt) {
      try {
        // WAIT waits for the waiting connection's own last write, so it makes one: the stream
        // is ordered, and a replica that has it has the signup written before it.
        await connection.set(`${QUEUE_PREFIX}:delivery:confirm`, "1", "PX", 60_000);
        acknowledged = Number(await connection.call("WAIT", replicas, timeoutMs));
      } catch {
        // The primary went away mid-way: nothing says a replica has it.
      }
      if (acknowledged < replicas) this.waitAgainAt = Date.now() + NO_REPLICA_PAUSE_MS;
    }
    if (acknowledged >= replicas) return;
    // Not safe where it is: taken back (when Redis still answers), so a later attempt starts clean.
    if (added) await this.queue.remove(id).catch(() => undefined);
    throw new StoreUnavailableError(
      "unreplicated",
      `no replica confirmed it within ${timeoutMs} ms (${replicas} needed)`,
    );
  }

  async isPending(email: string): Promise<boolean> {
    return this.guard(async () => {
      const state = await this.queue.getJobState(addressKey(email));
      return state !== "unknown" && state !== "failed" && state !== "completed";
    });
  }

  async enqueue(email: string): Promise<EnqueueResult> {
    return this.guard(async () => {
      const id = addressKey(email);
      const state = await this.queue.getJobState(id);
      if (state === "failed" || state === "completed") await this.queue.remove(id);
      else if (state !== "unknown") {
        await this.confirmReplicated(id, false);
        return "already_pending";
      }
      if ((await this.queue.count()) >= this.maxPending)
        throw new StoreUnavailableError("full", `${this.maxPending} signups are already waiting`);
      await this.queue.add(
        "signup",
        { email, queuedAt: Date.now() },
        { jobId: id, removeOnComplete: true, removeOnFail: false, attempts: 1 },
      );
      await this.confirmReplicated(id, true);
      return "queued";
    });
  }

  async counts(): Promise<DeliveryCounts> {
    return this.guard(async () => {
      const c = await this.queue.getJobCounts(
        "waiting",
        "delayed",
        "active",
        "prioritized",
        "waiting-children",
        "failed",
      );
      const since = Date.now() - DAY_MS;
      await this.redis.zremrangebyscore(this.deliveredKey, "-inf", since);
      const delivered = await this.redis.zcount(this.deliveredKey, since, "+inf");
      return {
        pending:
          (c.waiting ?? 0) +
          (c.delayed ?? 0) +
          (c.active ?? 0) +
          (c.prioritized ?? 0) +
          (c["waiting-children"] ?? 0),
        failed: c.failed ?? 0,
        deliveredLastDay: delivered,
      };
    });
  }

  async retryFailed(): Promise<number> {
    return this.guard(async () => {
      let moved = 0;
      for (;;) {
        const jobs = await this.queue.getFailed(0, 499);
        if (jobs.length === 0) return moved;
        for (const job of jobs) {
          // Its age starts again, or it would expire straight back into the failed list.
          await job.updateData({ ...job.data, queuedAt: Date.now() });
          await job.retry("failed");
          moved++;
        }
      }
    });
  }

  async discardFailed(): Promise<number> {
    return this.guard(async () => {
      let removed = 0;
      for (;;) {
        const ids = await this.queue.clean(0, 1000, "failed");
        removed += ids.length;
        if (ids.length < 1000) return removed;
      }
    });
  }

  /**
   * A bare member per delivery (no address), scored by time, for the 24-hour count; and, under
   * the address's hashed key, when it was delivered (for `holds`), kept for `keepMs`.
   */
  async recordDelivery(id: string, keepMs: number): Promise<void> {
    const now = Date.now();
    await this.redis.zadd(this.deliveredKey, now, `${now}-${Math.random().toString(36).slice(2)}`);
    await this.redis.set(this.doneKey(id), String(now), "PX", Math.max(1, keepMs));
  }

  /**
   * Whether the queue holds (or has delivered) the signup that a local copy queued at
   * `queuedAt` also keeps: it is pending here, or was delivered since. Throws when Redis
   * cannot answer.
   */
  async holds(email: string, queuedAt: number): Promise<boolean> {
    return this.guard(async () => {
      const id = addressKey(email);
      const [state, done] = await Promise.all([this.queue.getJobState(id), this.redis.get(this.doneKey(id))]);
      if (state !== "unknown" && state !== "failed" && state !== "completed") return true;
      return done !== null && Number(done) >= queuedAt - SAME_SIGNUP_SLACK_MS;
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/**
 * A BullMQ worker: one job at a time per process, paced by the shared gate. A failure that
 * may pass (outage, Retry-After, refused key) rate-limits the whole queue for the backoff and
 * puts the job back (BullMQ's manual rate limit; not counted as an attempt), so every
 * instance waits together instead of each hammering the workspace.
 */
export function runRedisWorker(
  opts: WorkerOptions & { store: RedisSignupStore; connection: Redis },
): WorkerHandle {
  const { store, ctx, outage } = opts;
  const stopper = new AbortController();
  const worker = new Worker<SignupJob>(
    QUEUE_NAME,
    async (job: Job<SignupJob>) => {
      if (Date.now() - job.data.queuedAt > opts.maxAgeMs) throw new UnrecoverableError("expired");
      try {
        await ctx.gate.take(stopper.signal);
      } catch (error) {
        // Stopping while it waited for its turn: back to the queue untouched, not a failure.
        if (stopper.signal.aborted) throw Worker.RateLimitError();
        throw error;
      }
      const result = await attemptDelivery(job.data.email, ctx, outage);
      if (result.kind === "delivered" || result.kind === "already_subscribed") {
        await store.recordDelivery(job.id ?? addressKey(job.data.email), opts.maxAgeMs).catch(() => {});
        return "delivered";
      }
      if (result.kind === "rejected") throw new UnrecoverableError("rejected");
      // The gate already holds every instance's calls; the queue's own limit keeps workers from spinning.
      await store.queue.rateLimit(Math.max(1, await ctx.gate.remainingHoldMs()));
      throw Worker.RateLimitError();
    },
    {
      connection: opts.connection,
      prefix: QUEUE_PREFIX,
      concurrency: 1,
      // A call can take the workspace timeout; the lock is renewed while the job runs anyway.
      lockDuration: 60_000,
    },
  );
  worker.on("error", (error) => ctx.log(`queue worker error (${error.name})`));
  worker.on("failed", (_job, error) => {
    if (error.message === "expired") ctx.log("a signup passed the maximum age and moved to the failed list");
    else if (error.message === "rejected")
      ctx.log("the workspace refused a stored address (422); it moved to the failed list");
  });
  return {
    async stop() {
      stopper.abort();
      await worker.close();
    },
  };
}
