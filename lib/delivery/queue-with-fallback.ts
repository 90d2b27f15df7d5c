import { metrics } from "../observability/metrics";
import type { RedisSignupStore } from "./redis-queue";
import type { SqliteSignupStore } from "./sqlite-store";
import { StoreUnavailableError, type DeliveryCounts, type EnqueueResult, type SignupStore } from "./types";

/*
 * The store of the Redis engine: the BullMQ queue first, and this instance's own SQLite file
 * (DELIVERY_STORE_PATH, fsynced before it answers) for the signups the queue cannot hold safely
 * right now: Redis unreachable (a failover under way), at its memory limit, or no replica
 * confirming the write. Either way a signup answered 2xx is on a disk that the loss of one
 * Redis node cannot undo; only when both refuse does the reader get 503. The local copies are
 * delivered by this instance's own worker (lib/delivery/service.ts), which first asks the queue
 * whether it holds the same signup, so a signup both stores took is sent once.
 * A full queue (DELIVERY_MAX_PENDING) is refused as it is: that bound is the backlog's.
 */

export class QueueWithLocalFallback implements SignupStore {
  readonly engine = "redis" as const;
  private lastRefusal: string | undefined;

  constructor(
    readonly queue: RedisSignupStore,
    readonly local: SqliteSignupStore,
    private readonly log: (line: string) => void,
  ) {}

  async isPending(email: string): Promise<boolean> {
    if (await this.local.isPending(email).catch(() => false)) return true;
    return this.queue.isPending(email);
  }

  async enqueue(email: string): Promise<EnqueueResult> {
    try {
      const result = await this.queue.enqueue(email);
      if (this.lastRefusal) this.log("the Redis queue holds signups safely again");
      this.lastRefusal = undefined;
      return result;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || error.reason === "full") throw error;
      metrics().signupQueueRefusals.inc({ reason: error.reason });
      if (this.lastRefusal !== error.reason)
        this.log(`${error.message}; keeping signups in this instance's own store until it can`);
      this.lastRefusal = error.reason;
      try {
        return await this.local.enqueue(email);
      } catch (localError) {
        this.log(
          `this instance's own store refused the signup too (${localError instanceof Error ? localError.message : typeof localError})`,
        );
        throw error;
      }
    }
  }

  async counts(): Promise<DeliveryCounts> {
    const [queued, local] = await Promise.all([this.queue.counts(), this.local.counts()]);
    return {
      pending: queued.pending + local.pending,
      failed: queued.failed + local.failed,
      deliveredLastDay: queued.deliveredLastDay + local.deliveredLastDay,
    };
  }

  async retryFailed(): Promise<number> {
    return (await this.queue.retryFailed()) + (await this.local.retryFailed());
  }

  async discardFailed(): Promise<number> {
    return (await this.queue.discardFailed()) + (await this.local.discardFailed());
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.local.close()]);
  }
}
