/**
 * Counts of external API requests, by "METHOD /route". Tests use it to prove a build or a page
 * view makes a bounded number of upstream calls.
 */
export class RequestStats {
  private total = 0;
  private byRoute = new Map<string, number>();
  private since = new Date();

  record(method: string, route: string): void {
    this.total++;
    const key = `${method} ${route}`;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }

  snapshot(): { requests: { total: number; byRoute: Record<string, number> }; since: string } {
    return {
      requests: {
        total: this.total,
        byRoute: Object.fromEntries([...this.byRoute].sort(([a], [b]) => a.localeCompare(b))),
      },
      since: this.since.toISOString(),
    };
  }

  reset(now: Date): void {
    this.total = 0;
    this.byRoute.clear();
    this.since = now;
  }
}
