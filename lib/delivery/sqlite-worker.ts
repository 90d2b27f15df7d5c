import { attemptDelivery, type WorkerOptions } from "./attempt";
import { sleep } from "./gate";
import type { ClaimedSignup, SqliteSignupStore } from "./sqlite-store";
import { StoreUnavailableError } from "./types";

export type WorkerHandle = { stop(): Promise<void> };

/** How often an idle worker looks for signups another process stored (in-process ones wake it at once). */
const IDLE_POLL_MS = 1_000;

/**
 * The embedded engine's worker: oldest signup first, one call at a time through the gate.
 * It starts delivering at once (a restart resumes what a crash left), expires signups past
 * their age into the failed list, and keeps everything when the workspace cannot take it.
 */
export function runSqliteWorker(
  opts: WorkerOptions & {
    store: SqliteSignupStore;
    /** How long a claimed signup is reserved: longer than one call can take. */
    leaseMs: number;
    /**
     * Whether another store (the Redis queue) delivers this signup: then the local copy is
     * dropped unsent. A check that fails (Redis unreachable) delivers: at least once.
     */
    deliveredElsewhere?: (signup: ClaimedSignup) => Promise<boolean>;
  },
): WorkerHandle {
  const { store, ctx, outage } = opts;
  const stopper = new AbortController();
  let wake: (() => void) | undefined;
  store.onQueued = () => wake?.();

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const onAbort = () => done();
      stopper.signal.addEventListener("abort", onAbort, { once: true });
      function done() {
        clearTimeout(timer);
        stopper.signal.removeEventListener("abort", onAbort);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function loop(): Promise<void> {
    while (!stopper.signal.aborted) {
      try {
        const expired = store.expire(opts.maxAgeMs);
        if (expired > 0) ctx.log(`${expired} signup(s) passed the maximum age and moved to the failed list`);
        if (!store.hasDue()) {
          await idle(IDLE_POLL_MS);
          continue;
        }
        await ctx.gate.take(stopper.signal);
        const job = store.claim(opts.leaseMs);
        if (!job) continue;
        if (opts.deliveredElsewhere && (await opts.deliveredElsewhere(job).catch(() => false))) {
          store.forget(job.id);
          continue;
        }
        const result = await attemptDelivery(job.email, ctx, outage);
        if (result.kind === "delivered" || result.kind === "already_subscribed") store.delivered(job.id);
        else if (result.kind === "rejected") {
          store.fail(job.id, "rejected");
          ctx.log("the workspace refused a stored address (422); it moved to the failed list");
        } else store.release(job.id);
      } catch (error) {
        if (stopper.signal.aborted) return;
        ctx.log(
          error instanceof StoreUnavailableError
            ? `${error.message}; retrying in 5 s`
            : `worker error (${error instanceof Error ? error.name : typeof error}); retrying in 5 s`,
        );
        await sleep(5_000, stopper.signal).catch(() => {});
      }
    }
  }

  const running = loop();
  return {
    async stop() {
      stopper.abort();
      await running;
      if (store.onQueued) store.onQueued = undefined;
    },
  };
}
