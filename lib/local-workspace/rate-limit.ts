// Fixed window per key; hand-written to follow the injectable clock and sub-second test windows.
export type RateLimitOptions = { limit: number; windowMs: number };

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 600, windowMs: 10_000 };

export class FixedWindowRateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  /** Returns null when allowed, else the whole seconds to wait (for Retry-After, at least 1). */
  hit(bucket: string): number | null {
    const t = this.now();
    let w = this.windows.get(bucket);
    if (!w || t - w.start >= this.options.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(bucket, w);
    }
    w.count++;
    if (w.count <= this.options.limit) return null;
    return Math.max(1, Math.ceil((w.start + this.options.windowMs - t) / 1000));
  }

  reset(): void {
    this.windows.clear();
  }
}
