import { UnrecoverableError, Worker } from "bullmq";
import { backoffMs, spacingMs } from "./attempt";
import type { RedisStoreOptions } from "./redis-queue";
import type { Kept } from "./sqlite-store";
import type { StatKind } from "./types";

/** The Redis engine's worker, apart from its queue (redis-queue.ts): one signup at a time, at the queue's pace. */

export const QUEUE_NAME = "newsletter-delivery";
export const QUEUE_PREFIX = "masthead";
export type SignupJob = Kept;

export function startQueueWorker(
  o: RedisStoreOptions,
  count: (kind: StatKind) => Promise<void>,
): Worker<SignupJob> {
  const { attempt, pause, log, maxAgeMs } = o;
  const worker: Worker<SignupJob> = new Worker<SignupJob>(
    QUEUE_NAME,
    async (job) => {
      if (Date.now() - job.data.queuedAt > maxAgeMs) throw new UnrecoverableError("expired");
      const result = await attempt(job.data.email);
      if (result.kind === "rejected") throw new UnrecoverableError("rejected");
      if (result.kind !== "retry") return result.kind;
      // The workspace cannot take it now: the whole queue waits out the backoff (every
      // instance's worker), and the job goes back unchanged.
      await worker.rateLimit(Math.max(1, pause()));
      throw Worker.RateLimitError();
    },
    {
      connection: o.workerConnection(),
      prefix: QUEUE_PREFIX,
      concurrency: 1,
      limiter: { max: 1, duration: spacingMs(o.ratePerSecond) },
      // A call can take the workspace timeout; the lock is renewed while the job runs anyway.
      lockDuration: 60_000,
      // A failover or a restart leaves jobs stalled: they go back to waiting, never to failed.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      // Any error besides the workspace's answers (Redis in the middle of a call): again, later.
      settings: { backoffStrategy: (attempts) => backoffMs(attempts, undefined) },
    },
  );
  worker.on("error", (error) => log(`queue worker error (${error.name})`));
  worker.on("completed", (job) => {
    void count("delivered");
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
    void count("failed");
  });
  return worker;
}
