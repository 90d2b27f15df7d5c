import type { Redis } from "ioredis";
import type { DeliveryGate } from "./types";

/*
 * Spacing rather than a per-second counter: a fixed window lets `rate` calls at the end of one
 * second and `rate` more at the start of the next, so the workspace could see twice the rate in
 * one second. A small margin absorbs timer and network jitter.
 */
export function spacingMs(ratePerSecond: number): number {
  return Math.ceil((1000 / ratePerSecond) * 1.05);
}

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
  private readonly interval: number;

  constructor(
    ratePerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = spacingMs(ratePerSecond);
  }

  async tryTake(maxWaitMs = 0): Promise<boolean> {
    const now = this.now();
    if (now < this.holdUntil) return false;
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > maxWaitMs) return false;
    // Reserved before sleeping, so concurrent callers line up one spacing apart.
    this.nextSlot = slot + this.interval;
    if (slot > now) await sleep(slot - now);
    return true;
  }

  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = Math.max(this.holdUntil, this.nextSlot) - this.now();
      if (wait <= 0 && (await this.tryTake(0))) return;
      await sleep(Math.max(wait, 1), signal);
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

  async tryTake(maxWaitMs = 0): Promise<boolean> {
    const deadline = Date.now() + maxWaitMs;
    try {
      for (;;) {
        if ((await this.redis.pttl(this.holdKey)) > 0) return false;
        if ((await this.redis.set(this.slotKey, "1", "PX", this.interval, "NX")) === "OK") return true;
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
        if (wait === 0 && (await this.redis.set(this.slotKey, "1", "PX", this.interval, "NX")) === "OK")
          return;
      } catch {
        wait = 1000;
      }
      await sleep(Math.max(wait, 1), signal);
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
