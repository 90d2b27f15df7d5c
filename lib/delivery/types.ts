/*
 * The durable side of the newsletter: signups the workspace could not take at once, kept until
 * the delivery worker hands them over. Two engines behind one interface (SQLite embedded,
 * BullMQ on Redis); neither the route nor the admin knows which it got.
 */

export type EnqueueResult =
  /** Written durably; the worker will deliver it. */
  | "queued"
  /** A delivery for this address is already waiting: nothing added (one pending delivery per address). */
  | "already_pending";

export type DeliveryCounts = {
  pending: number;
  /** Delivered (or found already subscribed) in the last 24 hours. */
  deliveredLastDay: number;
  failed: number;
};

/** One window of the newsletter's figures (the admin dashboard's last 24 hours and 7 days). */
export type SignupWindow = {
  /** Answered 2xx and kept. */
  accepted: number;
  /** Delivered while the reader's request waited. */
  sentAtOnce: number;
  /** Answered "on its way": delivered later by the worker. */
  queued: number;
  /** Delivered by the worker, at once or later. */
  delivered: number;
  /** Moved to the failed list. */
  failed: number;
};

/** A signup on the failed list: refused by the workspace (422), or older than the maximum age. */
export type FailedSignup = { id: string; email: string; reason: "rejected" | "expired"; failedAt: number };

export type DeliveryOverview = {
  last24h: SignupWindow;
  last7d: SignupWindow;
  waiting: number;
  /** When the oldest waiting signup was accepted; null when none waits. */
  oldestWaitingAt: number | null;
  failedTotal: number;
  /** Newest first, at most 50. */
  failed: FailedSignup[];
};

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
  isPending(email: string): Promise<boolean>;
  /** Throws StoreUnavailableError; resolves only once the signup is durable. */
  enqueue(email: string): Promise<EnqueueResult>;
  counts(): Promise<DeliveryCounts>;
  /** Moves every failed signup back to pending (their age starts again). Returns how many. */
  retryFailed(): Promise<number>;
  /** Deletes every failed signup, addresses included. Returns how many. */
  discardFailed(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The newsletter route's side of delivery (`delivery().route`): one short direct try when the
 * shared pace allows it, the store when the workspace cannot take a signup now.
 */
export type SignupQueue = {
  /** Is a delivery for this address already waiting? */
  isPending(email: string): Promise<boolean>;
  /** May the route call the workspace right now (the shared pace, and no outage hold)? */
  mayCallNow(): Promise<boolean>;
  directSucceeded(): Promise<void>;
  /** Records the failure (backoff, the refused-key log line). */
  directFailed(error: unknown): Promise<void>;
  /** Durable when it resolves; throws when the store cannot take it (full, unwritable, unreachable). */
  enqueue(email: string): Promise<EnqueueResult>;
};

/**
 * Paces subscribe calls to the workspace across the route and the worker (and, with Redis,
 * across instances): calls are spaced at least 1/rate seconds apart, and none are made while
 * an outage or a Retry-After holds them.
 */
export interface DeliveryGate {
  /**
   * The route: a slot within `maxWaitMs` (waiting for it), or false at once when no slot is
   * that close or a hold is on (then the signup is stored instead).
   */
  tryTake(maxWaitMs?: number): Promise<boolean>;
  /** The worker: waits for the hold to end and for a free slot. Rejects when `signal` aborts. */
  take(signal: AbortSignal): Promise<void>;
  /** No calls for `ms` (an outage's backoff or the workspace's Retry-After); never shortens a hold. */
  hold(ms: number): Promise<void>;
  /** How long the current hold has left (0 when none). */
  remainingHoldMs(): Promise<number>;
  /** The workspace answered: end any hold at once. */
  clearHold(): Promise<void>;
  close(): Promise<void>;
}

/** Keys of one mailbox, the same in every engine: normalised, hashed (BullMQ job ids may not contain ':'). */
export { addressKey, mailbox } from "./address-key";
