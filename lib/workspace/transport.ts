import "server-only";
import type { z } from "zod";
import { log as logger, logLine } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { codeFor, messageFromErrorBody, WorkspaceApiError, type WorkspaceErrorCode } from "./errors";

/*
 * HTTP to the workspace: exact headers, a timeout per attempt, bounded retries
 * with jittered backoff that honour Retry-After, answers checked against their schema, and
 * errors that never carry the key. Every attempt is counted and timed by operation and outcome
 * (masthead_workspace_requests_total, masthead_workspace_request_duration_seconds).
 */

export type TransportOptions = {
  /** e.g. http://127.0.0.1:4010/api/external */
  apiBase: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Longest Retry-After we are willing to sleep; longer ones fail at once with retryAfterSeconds set. */
  retryAfterCapMs?: number;
  /** Base of the exponential backoff (full jitter). */
  backoffBaseMs?: number;
  fetch?: typeof fetch;
  /** Where retries and give-ups are reported; never receives the key. */
  log?: (line: string) => void;
};

export type Retry =
  /** Safe to repeat (GET, PATCH, idempotent adds): retry on 429, 502-504, timeouts and network errors. */
  | "idempotent"
  /** Not safe to repeat blindly (DELETE, subscribe): retry only when the workspace surely did not act (429, 503, refused). */
  | "unprocessed";

export type WorkspaceRequest = {
  /** What the call is for, the `operation` label of the workspace metrics: a fixed name, e.g. "subscribe". */
  operation: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Relative to apiBase, e.g. "/v2/team-members". */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Send `Accept: application/json` (only where the document requires it). */
  accept: boolean;
  retry: Retry;
  /**
   * Next's data cache for this GET (revalidate seconds, tags). Without it the call is
   * never cached. Next refuses to cache bodies over 2 MB, so large lists need their own cache.
   */
  nextCache?: { revalidate?: number | false; tags?: string[] };
};

export type WorkspaceResponse = {
  status: number;
  body: unknown;
  /** "METHOD origin/path", the same text errors carry (never the key or query). */
  endpoint: string;
};

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const UNPROCESSED_STATUS = new Set([429, 503]);

export function createTransport(options: TransportOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryAfterCapMs = options.retryAfterCapMs ?? 5_000;
  const backoffBaseMs = options.backoffBaseMs ?? 250;
  // The global fetch as it is at each call, not at creation: the app's client is one per process
  // (lib/workspace/index.ts) and may be made before Next patches fetch (by instrumentation.ts),
  // yet its slugs request must go through the patched fetch, whose data cache tags the pages.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const log = options.log ?? logLine("workspace");
  const base = options.apiBase.replace(/\/+$/, "");
  const { workspaceRequests, workspaceDuration } = metrics();
  const debug = logger("workspace");

  type Attempt =
    { ok: true; response: WorkspaceResponse } | { ok: false; failure: WorkspaceApiError; mayRetry: boolean };

  /** One attempt of `req`, counted and timed: its answer (checked against `schema` when given), or the failure. */
  async function once(
    req: WorkspaceRequest,
    url: URL,
    init: RequestInit,
    endpoint: string,
    schema: z.ZodType | undefined,
  ): Promise<Attempt> {
    const stopTimer = workspaceDuration.startTimer({ operation: req.operation });
    let outcome: string | null = "ok";
    let status = 0;
    const failed = (failure: WorkspaceApiError, mayRetry: boolean): Attempt => {
      outcome = outcomeOf(failure.code);
      return { ok: false, failure, mayRetry };
    };
    try {
      const res = await doFetch(url, init);
      status = res.status;
      const raw = await res.text();
      const parsed = parseJson(raw);
      if (res.ok) {
        if (res.status === 204 || raw.trim() === "")
          return { ok: true, response: { status: res.status, body: undefined, endpoint } };
        const bad = (problem: string) =>
          failed(
            new WorkspaceApiError({
              status: res.status,
              code: "bad_response",
              endpoint,
              message: `The workspace answered ${endpoint} with ${problem}.`,
            }),
            false,
          );
        if (!parsed.ok) return bad("malformed JSON");
        if (!schema) return { ok: true, response: { status: res.status, body: parsed.value, endpoint } };
        const shaped = schema.safeParse(parsed.value);
        if (!shaped.success)
          return bad(`an unexpected shape (at ${shaped.error.issues[0]?.path.join(".") || "(root)"})`);
        return { ok: true, response: { status: res.status, body: shaped.data, endpoint } };
      }
      const upstreamMessage = messageFromErrorBody(parsed.ok ? parsed.value : raw.slice(0, 200));
      const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
      let mayRetry = (req.retry === "idempotent" ? RETRYABLE_STATUS : UNPROCESSED_STATUS).has(res.status);
      if (mayRetry && retryAfterMs !== undefined && retryAfterMs > retryAfterCapMs) mayRetry = false;
      return failed(
        new WorkspaceApiError({
          status: res.status,
          code: codeFor(res.status, upstreamMessage),
          endpoint,
          message: upstreamMessage ?? `The workspace answered ${endpoint} with status ${res.status}.`,
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        }),
        mayRetry,
      );
    } catch (error) {
      if (isFrameworkSignal(error)) {
        // Next stopping a render is not a workspace outcome: neither counted nor timed.
        outcome = null;
        throw error;
      }
      return failed(networkError(error, endpoint, timeoutMs), req.retry === "idempotent" || isRefused(error));
    } finally {
      if (outcome !== null) {
        const seconds = stopTimer();
        workspaceRequests.inc({ operation: req.operation, outcome });
        // Every attempt at debug, for tracing a slow page or a failing form without a proxy.
        debug.debug(
          { operation: req.operation, endpoint, status, outcome, durationMs: Math.round(seconds * 1000) },
          `workspace ${endpoint}: ${status || "no response"} (${outcome})`,
        );
      }
    }
  }

  return async function send(req: WorkspaceRequest, schema?: z.ZodType): Promise<WorkspaceResponse> {
    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const endpoint = `${req.method} ${url.origin}${url.pathname}`;
    const headers: Record<string, string> = { "X-Api-Key": options.apiKey };
    if (req.accept) headers.Accept = "application/json";
    if (req.body !== undefined) headers["Content-Type"] = "application/json";
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);

    const init = {
      method: req.method,
      headers,
      body: payload,
      redirect: "error",
      ...(req.nextCache ? { next: req.nextCache } : { cache: "no-store" }),
    } as RequestInit;
    for (let attempt = 0; ; attempt++) {
      const result = await once(
        req,
        url,
        { ...init, signal: AbortSignal.timeout(timeoutMs) },
        endpoint,
        schema,
      );
      if (result.ok) return result.response;
      const { failure, mayRetry } = result;
      if (!mayRetry || attempt >= maxRetries) {
        if (attempt > 0)
          log(
            `${endpoint} failed after ${attempt + 1} attempts: ${failure.code} (${failure.status || "no response"})`,
          );
        throw failure;
      }
      const waitMs =
        failure.retryAfterSeconds !== undefined
          ? failure.retryAfterSeconds * 1000
          : Math.random() * Math.min(4_000, backoffBaseMs * 2 ** attempt);
      log(
        `${endpoint}: ${failure.code} (${failure.status || "no response"}), retry ${attempt + 1}/${maxRetries} in ${Math.round(waitMs)} ms`,
      );
      await new Promise((r) => setTimeout(r, waitMs));
    }
  };
}

/**
 * The `outcome` label of an attempt that failed: the error's code, except for a 2xx answer the
 * client could not read, which operators know as an invalid response.
 */
function outcomeOf(code: WorkspaceErrorCode): string {
  return code === "bad_response" ? "invalid_response" : code;
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Next signals control flow (dynamic usage during prerender, redirects, not-found) by throwing
 * errors that carry a string `digest`; they must pass through untouched, never become "unreachable".
 */
function isFrameworkSignal(error: unknown): boolean {
  return typeof (error as { digest?: unknown } | null)?.digest === "string";
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function isRefused(error: unknown): boolean {
  return ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"].includes(causeCode(error) ?? "");
}

function networkError(error: unknown, endpoint: string, timeoutMs: number): WorkspaceApiError {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new WorkspaceApiError({
      status: 0,
      code: "timeout",
      endpoint,
      message: `The workspace did not answer ${endpoint} within ${timeoutMs} ms.`,
      timeoutMs,
    });
  }
  const code = causeCode(error);
  return new WorkspaceApiError({
    status: 0,
    code: "unreachable",
    endpoint,
    message: `Could not reach the workspace for ${endpoint}${code ? ` (${code})` : ""}.`,
    systemCode: code,
  });
}
