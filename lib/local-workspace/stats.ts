/** External API requests by "METHOD /route": tests prove a build or a page makes bounded upstream calls. */
export class RequestStats {
  private total = 0;
  private byRoute = new Map<string, number>();
  private since = new Date();
  /** Arrival times within the last second, for the busiest second seen (pacing tests). */
  private recent: number[] = [];
  private peakPerSecond = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  record(method: string, route: string): void {
    const t = this.clock();
    while (this.recent.length > 0 && this.recent[0]! <= t - 1000) this.recent.shift();
    this.recent.push(t);
    this.peakPerSecond = Math.max(this.peakPerSecond, this.recent.length);
    this.total++;
    const key = `${method} ${route}`;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }

  snapshot() {
    return {
      requests: {
        total: this.total,
        // The most requests that arrived within any one second (a sliding window).
        peakPerSecond: this.peakPerSecond,
        byRoute: Object.fromEntries([...this.byRoute].sort(([a], [b]) => a.localeCompare(b))),
      },
      since: this.since.toISOString(),
    };
  }

  reset(now: Date): void {
    this.total = 0;
    this.byRoute.clear();
    this.recent = [];
    this.peakPerSecond = 0;
    this.since = now;
  }
}
