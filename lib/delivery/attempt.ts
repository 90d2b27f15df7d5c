import { metrics } from "../observability/metrics";
import { keyRefused } from "../config/workspace-variables";
import { WorkspaceApiError } from "../workspace/errors";
import { STAT_KINDS, type Outcome, type SignupWindow, type StatKind } from "./types";

// One delivery attempt, for both engines' workers. Addresses are never logged.

export type AttemptResult =
  | { kind: Exclude<Outcome, "pending"> }
  /** Down, slow, busy, refusing the key, or answering garbage: keep the signup and try later. */
  | { kind: "retry"; code: string; endpoint?: string; retryAfterMs: number | undefined };

export function classify(raw: unknown): AttemptResult {
  if (!(raw instanceof WorkspaceApiError))
    return { kind: "retry", code: raw instanceof Error ? raw.name : typeof raw, retryAfterMs: undefined };
  if (raw.code === "already_subscribed") return { kind: "already_subscribed" };
  if (raw.code === "invalid") return { kind: "rejected" };
  const { code, endpoint, retryAfterSeconds } = raw;
  return { kind: "retry", code, endpoint, retryAfterMs: retryAfterSeconds && retryAfterSeconds * 1000 };
}

const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 60_000;

/** Capped at a minute so a recovered workspace is noticed quickly; a Retry-After is honoured however long. */
export function backoffMs(failures: number, retryAfterMs: number | undefined, random = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs + Math.floor(random() * 250);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  // "Equal jitter": at least half the step, so a fleet spreads out without hammering.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The workspace's rate, spaced: a fixed window would let twice the rate through across a boundary. */
export function spacingMs(ratePerSecond: number): number {
  return Math.ceil((1000 / ratePerSecond) * 1.15);
}

export type Deliver = (email: string) => Promise<AttemptResult>;
export type WorkerOptions = ReturnType<typeof createAttempt> & { ratePerSecond: number; maxAgeMs: number };

/**
 * Calls the workspace once and says what it means. `pause`: how long the worker should wait
 * before its next call, from the process's failures in a row; an outage is logged once.
 */
export function createAttempt(opts: {
  subscribe: (email: string) => Promise<unknown>;
  mode: "local" | "remote";
  log: (line: string) => void;
}): { attempt: Deliver; pause: () => number } {
  let failures = 0;
  let wait = 0;
  return {
    pause: () => wait,
    async attempt(email) {
      let result: AttemptResult;
      try {
        await opts.subscribe(email);
        result = { kind: "delivered" };
      } catch (error) {
        result = classify(error);
      }
      metrics().deliveryAttempts.inc({ outcome: result.kind });
      if (result.kind !== "retry") {
        if (failures > 0) opts.log("the workspace answers again; delivering");
        failures = 0;
        wait = 0;
        return result;
      }
      failures++;
      wait = backoffMs(failures, result.retryAfterMs);
      const from = result.endpoint ? ` from ${result.endpoint}` : "";
      if (result.code === "unauthorized") {
        if (failures === 1)
          opts.log(
            `The workspace ${keyRefused(`401${from}`, opts.mode === "local")}. Signups are kept and retried until it is fixed.`,
          );
      } else if (failures === 1 || failures % 20 === 0)
        opts.log(
          `workspace ${result.code}${from}; signups are kept, next attempt in ${Math.round(wait / 1000)} s`,
        );
      return result;
    },
  };
}

export const HOUR_MS = 60 * 60 * 1000;
/** The dashboard's longest window, and so how long hourly counts are kept. */
export const STATS_KEPT_HOURS = 7 * 24;
/** In Redis an hour's counts outlive the window by a day, so the oldest hour is whole when read. */
export const STATS_TTL_MS = (STATS_KEPT_HOURS + 24) * HOUR_MS;
export const hourOf = (at: number) => Math.floor(at / HOUR_MS);

const emptyWindow = () => Object.fromEntries(STAT_KINDS.map((kind) => [kind, 0])) as SignupWindow;

export function windows(rows: { hour: number; kind: string; n: number }[], now = Date.now()) {
  const last24h = emptyWindow();
  const last7d = emptyWindow();
  const current = hourOf(now);
  for (const { hour, kind, n } of rows) {
    if (!(kind in last7d)) continue;
    const k = kind as StatKind;
    if (hour > current - STATS_KEPT_HOURS) last7d[k] += n;
    if (hour > current - 24) last24h[k] += n;
  }
  return { last24h, last7d };
}
