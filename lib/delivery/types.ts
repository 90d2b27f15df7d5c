/*
 * The durable side of the newsletter: every accepted signup is kept in one store and delivered
 * only by that store's worker. Two engines behind one interface (SQLite embedded, BullMQ on
 * Redis); neither the route nor the admin knows which it got.
 */

/**
 * A signup the store took: `id` names this signup (the mailbox's earlier ones have others);
 * `alreadyPending` when the mailbox had one waiting already (nothing added).
 */
export type Accepted = { id: string; email: string; alreadyPending: boolean };

/** What became of a signup while the route waited: delivered, refused (422), or still waiting. */
export type Outcome = "delivered" | "already_subscribed" | "rejected" | "pending";

/** Counted per hour for the admin: see DeliveryOverview. */
export type SignupWindow = {
  accepted: number;
  sentAtOnce: number;
  queued: number;
  delivered: number;
  failed: number;
};
export type StatKind = keyof SignupWindow;
export type FailedSignup = { id: string; email: string; reason: "rejected" | "expired"; failedAt: number };
export type DeliveryOverview = {
  last24h: SignupWindow;
  last7d: SignupWindow;
  waiting: number;
  oldestWaitingAt: number | null;
  failedTotal: number;
  /** Newest first, at most FAILED_SHOWN. */
  failed: FailedSignup[];
};
export const FAILED_SHOWN = 50;

/**
 * Why a store could not take a signup: it holds its maximum (full), Redis is at its memory
 * limit (out_of_memory) or cannot be reached (unreachable), no replica confirmed the write in
 * time (unreplicated: the loss of one Redis node could undo it), or the disk or server refuses
 * writes for another reason (unwritable).
 */
export type StoreRefusal = "full" | "out_of_memory" | "unreachable" | "unreplicated" | "unwritable";

/** The store cannot take a signup (see StoreRefusal). */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: StoreRefusal,
    detail: string,
  ) {
    super(`The signup store cannot take signups (${reason}): ${detail}`);
    this.name = "StoreUnavailableError";
  }
}

export interface SignupStore {
  readonly engine: "sqlite" | "redis";
  /** Resolves only once the signup is durable; throws StoreUnavailableError. */
  accept(email: string): Promise<Accepted>;
  /** The signup's outcome as soon as the worker has one, or "pending" after `waitMs`. */
  outcome(signup: Accepted, waitMs: number): Promise<Outcome>;
  /** Adds one to this hour's count of `kind` (best effort). */
  count(kind: StatKind): Promise<void>;
  overview(): Promise<DeliveryOverview>;
  /** Moves failed signups (all, or those named) back to waiting, their age starting again. */
  retryFailed(ids?: string[]): Promise<number>;
  /** Deletes failed signups (all, or those named), addresses included. */
  discardFailed(ids?: string[]): Promise<number>;
  /** Why this instance cannot deliver now although its engine is up, or null. */
  problem(): string | null;
  /** Background work of this process: the worker (when `worker`), and on Redis the outbox's forwarder. */
  start(options: { worker: boolean }): void;
  /** Stops the worker (its call in hand finishes) and the forwarder; the store stays open. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** Keys of one mailbox, the same in every engine: normalised, hashed (BullMQ job ids may not contain ':'). */
export { addressKey, mailbox } from "./address-key";
