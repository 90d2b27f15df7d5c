/** `id` names this signup; `alreadyPending` when the mailbox had one waiting (its id, nothing added). */
export type Accepted = { id: string; email: string; alreadyPending: boolean };

export type Outcome = "delivered" | "already_subscribed" | "rejected" | "pending";

export const STAT_KINDS = ["accepted", "sentAtOnce", "queued", "delivered", "failed"] as const;
export type StatKind = (typeof STAT_KINDS)[number];
export type SignupWindow = Record<StatKind, number>;
export type FailedSignup = { id: string; email: string; reason: "rejected" | "expired"; failedAt: number };
export type DeliveryOverview = {
  last24h: SignupWindow;
  last7d: SignupWindow;
  waiting: number;
  oldestWaitingAt: number | null;
  failedTotal: number;
  failed: FailedSignup[];
};
export const FAILED_SHOWN = 50;

/** Unreplicated: no replica confirmed the write in time, so the loss of one Redis node could undo it. */
type StoreRefusal = "full" | "out_of_memory" | "unreachable" | "unreplicated" | "unwritable";

export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: StoreRefusal,
    detail: string,
  ) {
    super(`The signup store cannot take signups (${reason}): ${detail}`);
    this.name = "StoreUnavailableError";
  }
}

/** A Redis failure as the store's refusal: full, gone (or not the primary any more), or other. */
export function refusalOf(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
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

export interface SignupStore {
  readonly engine: "sqlite" | "redis";
  /** Resolves only once the signup is durable; throws StoreUnavailableError. */
  accept(email: string): Promise<Accepted>;
  /** The signup's outcome as soon as the worker has one, or "pending" after `waitMs`. */
  outcome(signup: Accepted, waitMs: number): Promise<Outcome>;
  /** This hour's count of `kind`, best effort. */
  count(kind: StatKind): Promise<void>;
  overview(): Promise<DeliveryOverview>;
  /** Moves failed signups (all, or those named) back to waiting, their age starting again. */
  retryFailed(ids?: string[]): Promise<number>;
  /** Deletes failed signups (all, or those named), addresses included. */
  discardFailed(ids?: string[]): Promise<number>;
  /** The worker (when `worker`), and on Redis the outbox's forwarder. */
  start(options: { worker: boolean }): void;
  /** Stops the background work (its call in hand finishes); the store stays open. */
  stop(): Promise<void>;
  close(): Promise<void>;
}
