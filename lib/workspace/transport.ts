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
};

export type WorkspaceResponse = {
  status: number;
  body: unknown;
  /** "METHOD origin/path", the same text errors carry (never the key or query). */
  endpoint: string;
};

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const UNPROCESSED_STATUS = new Set([429, 503]);

/** The options with their defaults, and what every attempt reports to. */
type Settings = {
  timeoutMs: number;
  maxRetries: number;
  retryAfterCapMs: number;
  backoffBaseMs: number;
  apiKey: string;
  base: string;
  doFetch: (input: URL, init: RequestInit) => Promise<Response>;
  log: (line: string) => void;
  metrics: ReturnType<typeof metrics>;
  debug: ReturnType<typeof logger>;
};

/** A request made ready to send: the URL, what fetch is given (less the per-attempt signal), and the endpoint errors name. */
type Prepared = { url: URL; init: RequestInit; endpoint: string };

type Attempt =
  { ok: true; response: WorkspaceResponse } | { ok: false; failure: WorkspaceApiError; mayRetry: boolean };

export type Send = (req: WorkspaceRequest, schema?: z.ZodType) => Promise<WorkspaceResponse>;

export function createTransport(options: TransportOptions): Send {
  const settings = settle(options);
  return (req, schema) => send(settings, req, schema);
}

function settle(options: TransportOptions): Settings {
  return {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 2,
    retryAfterCapMs: options.retryAfterCapMs ?? 5_000,
    backoffBaseMs: options.backoffBaseMs ?? 250,
    apiKey: options.apiKey,
    base: options.apiBase.replace(/\/+$/, ""),
    // The global fetch as it is at each call, not at creation: a client may be made before Next
    // patches fetch (by instrumentation.ts), yet its slugs request must go through the patched
    // fetch, whose data cache tags the pages.
    doFetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    log: options.log ?? logLine("workspace"),
    metrics: metrics(),
    debug: logger("workspace"),
  };
}

/** `req` until it succeeds, fails for good, or runs out of retries. */
async function send(s: Settings, req: WorkspaceRequest, schema?: z.ZodType): Promise<WorkspaceResponse> {
  const prepared = prepare(s, req);
  const { endpoint } = prepared;
  for (let attempt = 0; ; attempt++) {
    const result = await once(s, req, prepared, schema);
    if (result.ok) return result.response;
    const { failure, mayRetry } = result;
    if (!mayRetry || attempt >= s.maxRetries) {
      if (attempt > 0)
        s.log(
          `${endpoint} failed after ${attempt + 1} attempts: ${failure.code} (${failure.status || "no response"})`,
        );
      throw failure;
    }
    const waitMs = retryDelayMs(s, failure, attempt);
    s.log(
      `${endpoint}: ${failure.code} (${failure.status || "no response"}), retry ${attempt + 1}/${s.maxRetries} in ${Math.round(waitMs)} ms`,
    );
    await new Promise((r) => setTimeout(r, waitMs));
  }
}

/** The URL with its query, exactly the headers the document lists for `req`, and the body. */
function prepare(s: Settings, req: WorkspaceRequest): Prepared {
  const url = new URL(s.base + req.path);
  for (const [k, v] of Object.entries(req.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const endpoint = `${req.method} ${url.origin}${url.pathname}`;
  const headers: Record<string, string> = { "X-Api-Key": s.apiKey };
  if (req.accept) headers.Accept = "application/json";
  if (req.body !== undefined) headers["Content-Type"] = "application/json";
  const init = {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    redirect: "error",
    // Never Next's data cache: the blog store keeps what the pages read (lib/blog/source.ts).
    cache: "no-store",
  } as RequestInit;
  return { url, init, endpoint };
}

/** What Retry-After asks for, or else full-jitter exponential backoff. */
function retryDelayMs(s: Settings, failure: WorkspaceApiError, attempt: number): number {
  return failure.retryAfterSeconds !== undefined
    ? failure.retryAfterSeconds * 1000
    : Math.random() * Math.min(4_000, s.backoffBaseMs * 2 ** attempt);
}

/** One attempt of `req`, counted and timed: its answer (checked against `schema` when given), or the failure. */
async function once(
  s: Settings,
  req: WorkspaceRequest,
  { url, init, endpoint }: Prepared,
  schema: z.ZodType | undefined,
): Promise<Attempt> {
  const stopTimer = s.metrics.workspaceDuration.startTimer({ operation: req.operation });
  let status = 0;
  let result: Attempt | undefined;
  try {
    const res = await s.doFetch(url, { ...init, signal: AbortSignal.timeout(s.timeoutMs) });
    status = res.status;
    const raw = await res.text();
    result = res.ok ? readAnswer(res, raw, endpoint, schema) : readRefusal(s, req, res, raw, endpoint);
  } catch (error) {
    // Next stopping a render is not a workspace outcome: neither counted nor timed.
    if (isFrameworkSignal(error)) throw error;
    const mayRetry = req.retry === "idempotent" || isRefused(error);
    result = { ok: false, failure: networkError(error, endpoint, s.timeoutMs), mayRetry };
  } finally {
    if (result) record(s, req.operation, endpoint, status, result, stopTimer());
  }
  return result;
}

/** A 2xx answer: empty, or JSON checked against `schema` when given. */
function readAnswer(res: Response, raw: string, endpoint: string, schema: z.ZodType | undefined): Attempt {
  const answered = (body: unknown): Attempt => ({
    ok: true,
    response: { status: res.status, body, endpoint },
  });
  if (res.status === 204 || raw.trim() === "") return answered(undefined);
  const bad = (problem: string): Attempt => ({
    ok: false,
    failure: new WorkspaceApiError({
      status: res.status,
      code: "bad_response",
      endpoint,
      message: `The workspace answered ${endpoint} with ${problem}.`,
    }),
    mayRetry: false,
  });
  const parsed = parseJson(raw);
  if (!parsed.ok) return bad("malformed JSON");
  if (!schema) return answered(parsed.value);
  const shaped = schema.safeParse(parsed.value);
  if (!shaped.success)
    return bad(`an unexpected shape (at ${shaped.error.issues[0]?.path.join(".") || "(root)"})`);
  return answered(shaped.data);
}

/** A non-2xx answer: the error it means, and whether `req` may be sent again. */
function readRefusal(
  s: Settings,
  req: WorkspaceRequest,
  res: Response,
  raw: string,
  endpoint: string,
): Attempt {
  const parsed = parseJson(raw);
  const upstreamMessage = messageFromErrorBody(parsed.ok ? parsed.value : raw.slice(0, 200));
  const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
  let mayRetry = (req.retry === "idempotent" ? RETRYABLE_STATUS : UNPROCESSED_STATUS).has(res.status);
  if (mayRetry && retryAfterMs !== undefined && retryAfterMs > s.retryAfterCapMs) mayRetry = false;
  const failure = new WorkspaceApiError({
    status: res.status,
    code: codeFor(res.status, upstreamMessage),
    endpoint,
    message: upstreamMessage ?? `The workspace answered ${endpoint} with status ${res.status}.`,
    retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
  });
  return { ok: false, failure, mayRetry };
}

/** Counts the attempt by operation and outcome, and logs it at debug. */
function record(
  s: Settings,
  operation: string,
  endpoint: string,
  status: number,
  result: Attempt,
  seconds: number,
) {
  const outcome = result.ok ? "ok" : outcomeOf(result.failure.code);
  s.metrics.workspaceRequests.inc({ operation, outcome });
  // Every attempt at debug, for tracing a slow page or a failing form without a proxy.
  s.debug.debug(
    { operation, endpoint, status, outcome, durationMs: Math.round(seconds * 1000) },
    `workspace ${endpoint}: ${status || "no response"} (${outcome})`,
  );
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
