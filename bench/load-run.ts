/*
 * Bounded HTTP load on loopback addresses with autocannon, summed up as the benchmark reports it:
 * requests, req/s over the elapsed time, p50 and p99 from every response's own time.
 */

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export type AutocannonSummary = {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
};

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
  "1xx": number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
};

type AutocannonOptions = {
  url: string;
  connections?: number;
  amount?: number;
  duration?: number;
  /** Requests per second over all connections (autocannon's own pacing). */
  overallRate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
  requests?: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
  }[];
};

type AutocannonInstance = Promise<AutocannonResult> & {
  stop: () => void;
  on: (
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ) => void;
};

/**
 * One autocannon run, bounded by request count or duration and by a wall-clock guard.
 * Only loopback URLs are accepted.
 */
export async function loadRun(
  options: AutocannonOptions,
  guardMs = 120_000,
  /** Called with each response's status and time (ms), as it arrives. */
  onResponse?: (statusCode: number, ms: number) => void,
): Promise<AutocannonSummary> {
  const host = new URL(options.url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost")
    throw new Error(`refusing to load-test ${host}: loopback only`);
  const autocannon = (await import("autocannon")).default as (o: AutocannonOptions) => AutocannonInstance;
  const instance = autocannon({ timeout: 10, ...options });
  // Each response's time as autocannon measures it (hrtime, fractions of a millisecond): its
  // own percentiles are whole milliseconds, too coarse to compare 5-10 ms latencies.
  const times: number[] = [];
  instance.on("response", (_client, status, _bytes, ms) => {
    times.push(ms);
    onResponse?.(status, ms);
  });
  const guard = setTimeout(() => instance.stop(), guardMs);
  const r = await instance;
  clearTimeout(guard);
  times.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = s.count;
  return {
    requests: r.requests.total,
    // Total over elapsed time: autocannon's per-second average is coarse for short runs.
    rps: r.duration > 0 ? r.requests.total / r.duration : r.requests.average,
    p50Ms: times.length ? percentile(times, 50) : r.latency.p50,
    p99Ms: times.length ? percentile(times, 99) : r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    durationS: r.duration,
  };
}

/** Two runs as one: their requests over their time, the worse p99, the mean p50. */
export function combinedRuns(a: AutocannonSummary, b: AutocannonSummary): AutocannonSummary {
  const statusCodes = { ...a.statusCodes };
  for (const [code, n] of Object.entries(b.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const requests = a.requests + b.requests;
  const durationS = a.durationS + b.durationS;
  return {
    requests,
    durationS,
    rps: durationS > 0 ? requests / durationS : (a.rps + b.rps) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodes,
  };
}
