import { metrics } from "../observability/metrics";
import { isWorkspaceApiError, type WorkspaceApiError } from "../workspace/errors";
import type { DeliveryGate } from "./types";

/*
 * One delivery attempt, shared by both engines' workers and by the route's direct call:
 * what a workspace answer means for a stored signup, how long to wait after a failure, and the
 * one log line for a refused key. Addresses are never logged: only codes, statuses and endpoints.
 */

export type AttemptResult =
  /** 2xx: the workspace sent (or will send) the verification email. */
  | { kind: "delivered" }
  /** Verified already: nothing to send, and nothing left to do. */
  | { kind: "already_subscribed" }
  /** The workspace refuses the address itself (422): retrying cannot help. */
  | { kind: "rejected" }
  /** Down, slow, busy, refusing the key, or answering garbage: keep the signup and try later. */
  | { kind: "retry"; code: string; retryAfterMs: number | undefined };

/** The workspace's failure, whichever of Next's bundles made it (lib/workspace/errors.ts brands it). */
export function asWorkspaceError(error: unknown): WorkspaceApiError | undefined {
  return isWorkspaceApiError(error) ? error : undefined;
}

export function classify(raw: unknown): AttemptResult {
  const error = asWorkspaceError(raw);
  if (error) {
    if (error.code === "already_subscribed") return { kind: "already_subscribed" };
    if (error.code === "invalid") return { kind: "rejected" };
    return {
      kind: "retry",
      code: error.code,
      retryAfterMs: error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000,
    };
  }
  return {
    kind: "retry",
    code: raw instanceof Error ? raw.name : typeof raw,
    retryAfterMs: undefined,
  };
}

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 60_000;

/**
 * Exponential backoff with jitter, capped at about a minute so a recovered workspace is noticed
 * quickly; a Retry-After is honoured however long it is (the workspace said so).
 */
export function backoffMs(
  consecutiveFailures: number,
  retryAfterMs: number | undefined,
  random = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs + Math.floor(random() * 250);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, consecutiveFailures - 1));
  // "Equal jitter": at least half the step, so a fleet spreads out without hammering.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function keyRefusedHint(mode: "local" | "remote"): string {
  return mode === "remote"
    ? "Fix: set WORKSPACE_API_KEY to a current key from the workspace's Admin panel (API keys; it may have expired or been revoked), and check that WORKSPACE_URL names your workspace's real subdomain: a key only works for its own workspace."
    : "Fix: unset LOCAL_WORKSPACE_API_KEY to use the local demo key, or set it to the key the local workspace was started with.";
}

export type AttemptContext = {
  subscribe: (email: string) => Promise<unknown>;
  gate: DeliveryGate;
  mode: "local" | "remote";
  log: (line: string) => void;
};

/** What each store's worker is given besides its store: how to attempt, the outage, the age limit. */
export type WorkerOptions = {
  ctx: AttemptContext;
  outage: OutageTracker;
  /** Signups older than this go to the failed list instead of the workspace. */
  maxAgeMs: number;
};

/**
 * Failure bookkeeping of one process: consecutive failures (for the backoff) and whether the
 * refused-key line was already written (once per outage, not once per signup).
 */
export class OutageTracker {
  private failures = 0;
  private keyRefusedLogged = false;

  constructor(private readonly ctx: Pick<AttemptContext, "gate" | "mode" | "log">) {}

  async succeeded(): Promise<void> {
    if (this.failures > 0 || this.keyRefusedLogged) this.ctx.log("the workspace answers again; delivering");
    this.failures = 0;
    this.keyRefusedLogged = false;
    await this.ctx.gate.clearHold();
  }

  /** Records a failure, holds every call for the backoff, returns the wait in ms. */
  async failed(
    result: Extract<AttemptResult, { kind: "retry" }>,
    endpoint: string | undefined,
    source: string,
  ): Promise<number> {
    this.failures++;
    const wait = backoffMs(this.failures, result.retryAfterMs);
    if (result.code === "unauthorized") {
      if (!this.keyRefusedLogged) {
        this.keyRefusedLogged = true;
        this.ctx.log(
          `The workspace refused the API key (401${endpoint ? ` from ${endpoint}` : ""}); signups are kept and retried until it is fixed. ${keyRefusedHint(this.ctx.mode)}`,
        );
      }
    } else if (this.failures === 1 || this.failures % 20 === 0) {
      this.ctx.log(
        `${source}: workspace ${result.code}${endpoint ? ` from ${endpoint}` : ""}; signups are kept, next attempt in ${Math.round(wait / 1000)} s`,
      );
    }
    await this.ctx.gate.hold(wait);
    return wait;
  }
}

/**
 * Calls the workspace once (the caller has taken a slot from the gate) and reports what it
 * means; counted in masthead_delivery_attempts_total by outcome.
 */
export async function attemptDelivery(
  email: string,
  ctx: AttemptContext,
  outage: OutageTracker,
): Promise<AttemptResult> {
  const result = await attemptOnce(email, ctx, outage);
  metrics().deliveryAttempts.inc({ outcome: result.kind });
  return result;
}

async function attemptOnce(
  email: string,
  ctx: AttemptContext,
  outage: OutageTracker,
): Promise<AttemptResult> {
  try {
    await ctx.subscribe(email);
    await outage.succeeded();
    return { kind: "delivered" };
  } catch (error) {
    const result = classify(error);
    if (result.kind === "retry") await outage.failed(result, asWorkspaceError(error)?.endpoint, "delivery");
    else await outage.succeeded();
    return result;
  }
}
