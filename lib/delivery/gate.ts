import type { Redis } from "ioredis";
import type { DeliveryGate } from "./types";

/*
 * Spacing rather than a per-second counter: a fixed window lets `rate` calls at the end of one
 * second and `rate` more at the start of the next, so the workspace could see twice the rate in
 * one second. A margin absorbs timer and network jitter (a call taken on time can leave late).
 */
export function spacingMs(ratePerSecond: number): number {
  return Math.ceil((1000 / ratePerSecond) * 1.15);
}

/** While a hold is on, the route may still probe the workspace this often: recovery is noticed on live traffic. */
export const PROBE_INTERVAL_MS = 5_000;

/** Sleeps are cut into pieces this long, so a cleared hold or a stop is noticed quickly. */
const MAX_NAP_MS = 1_000;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** One process (the embedded engine): the route and the worker share this object through processMemo. */
export class MemoryGate implements DeliveryGate {
  private nextSlot = 0;
  private holdUntil = 0;
  private lastProbe = 0;
  private readonly interval: number;

  constructor(
    ratePerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = spacingMs(ratePerSecond);
  }

  /** A slot is taken at the moment it is free, never reserved ahead, so calls leave one spacing apart. */
  private takeIfFree(): boolean {
    const now = this.now();
    if (now < this.nextSlot) return false;
    this.nextSlot = now + this.interval;
    return true;
  }

  async tryTake(maxWaitMs = 0): Promise<boolean> {
    const deadline = this.now() + maxWaitMs;
    for (;;) {
      const now = this.now();
      if (now < this.holdUntil) {
        // Half-open: one probe per interval tells whether the outage is over.
        if (now - this.lastProbe < PROBE_INTERVAL_MS || !this.takeIfFree()) return false;
        this.lastProbe = now;
        return true;
      }
      if (this.takeIfFree()) return true;
      if (this.nextSlot > deadline) return false;
      await sleep(this.nextSlot - now);
    }
  }

  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = Math.max(this.holdUntil, this.nextSlot) - this.now();
      if (wait <= 0 && this.takeIfFree()) return;
      await sleep(Math.min(Math.max(wait, 1), MAX_NAP_MS), signal);
    }
  }

  async hold(ms: number): Promise<void> {
    this.holdUntil = Math.max(this.holdUntil, this.now() + ms);
  }

  async remainingHoldMs(): Promise<number> {
    return Math.max(0, this.holdUntil - this.now());
  }

  async clearHold(): Promise<void> {
    this.holdUntil = 0;
  }

  async close(): Promise<void> {}
}

/**
 * Several instances (Redis): the slot is a key set with NX and a PX of one spacing, the hold a
 * key with the hold's PX, so every instance's route and worker share one pace and one outage.
 * A Redis failure lets the route call directly (readers are not refused because Redis is down;
 * the store refuses then anyway) and makes the worker wait a second.
 */
export class RedisGate implements DeliveryGate {
  private readonly interval: number;

  constructor(
    private readonly redis: Redis,
    ratePerSecond: number,
    private readonly prefix = "masthead:delivery",
  ) {
    this.interval = spacingMs(ratePerSecond);
  }

  private get holdKey() {
    return `${this.prefix}:hold`;
  }
  private get slotKey() {
    return `${this.prefix}:slot`;
  }

  private get probeKey() {
    return `${this.prefix}:probe`;
  }

  private async takeIfFree(): Promise<boolean> {
    return (await this.redis.set(this.slotKey, "1", "PX", this.interval, "NX")) === "OK";
  }

  async tryTake(maxWaitMs = 0): Promise<boolean> {
    const deadline = Date.now() + maxWaitMs;
    try {
      for (;;) {
        if ((await this.redis.pttl(this.holdKey)) > 0) {
          // Half-open: one probe per interval across every instance.
          if ((await this.redis.set(this.probeKey, "1", "PX", PROBE_INTERVAL_MS, "NX")) !== "OK")
            return false;
          return this.takeIfFree();
        }
        if (await this.takeIfFree()) return true;
        const wait = Math.max(1, await this.redis.pttl(this.slotKey));
        if (Date.now() + wait > deadline) return false;
        await sleep(wait);
      }
    } catch {
      return true;
    }
  }

  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      let wait: number;
      try {
        const [hold, slot] = await Promise.all([
          this.redis.pttl(this.holdKey),
          this.redis.pttl(this.slotKey),
        ]);
        wait = Math.max(hold, slot, 0);
        if (wait === 0 && (await this.takeIfFree())) return;
      } catch {
        wait = MAX_NAP_MS;
      }
      await sleep(Math.min(Math.max(wait, 1), MAX_NAP_MS), signal);
    }
  }

  async hold(ms: number): Promise<void> {
    const until = Math.max(1, Math.round(ms));
    try {
      // Never shorten a longer hold another instance set (e.g. a Retry-After of an hour).
      const current = await this.redis.pttl(this.holdKey);
      if (current < until) await this.redis.set(this.holdKey, "1", "PX", until);
    } catch {
      // Without Redis the worker cannot run anyway; the route stores nothing either.
    }
  }

  async remainingHoldMs(): Promise<number> {
    try {
      return Math.max(0, await this.redis.pttl(this.holdKey));
    } catch {
      return 1_000;
    }
  }

  async clearHold(): Promise<void> {
    try {
      await this.redis.del(this.holdKey);
    } catch {
      // see hold()
    }
  }

  async close(): Promise<void> {}
}
