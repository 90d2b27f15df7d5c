import "server-only";
import type { z } from "zod";
import { log as logger, logLine } from "../observability/log.mjs";
import { metrics } from "../observability/metrics";
import { codeFor, messageFromErrorBody, WorkspaceApiError } from "./errors";

// Exact headers, a timeout per attempt, bounded retries that honour Retry-After, answers checked
// against their schema, errors that never carry the key; every attempt counted and timed.

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

export type WorkspaceRequest = {
  /** The `operation` label of the workspace metrics: a fixed name, e.g. "subscribe". */
  operation: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Relative to apiBase, e.g. "/v2/team-members". */
  path: string;
  query?: Record<string, number>;
  body?: unknown;
  /** Send `Accept: application/json` (only where the document requires it). */
  accept: boolean;
  /**
   * "idempotent": safe to repeat, retried on 429, 502-504, timeouts and network errors.
   * "unprocessed": retried only when the workspace surely did not act (429, 503, refused).
   */
  retry: "idempotent" | "unprocessed";
};

const RETRYABLE_STATUS = { idempotent: new Set([429, 502, 503, 504]), unprocessed: new Set([429, 503]) };

type Attempt = { ok: true; body: unknown } | { ok: false; failure: WorkspaceApiError; mayRetry: boolean };

/** Sends a request until it succeeds, fails for good, or runs out of retries; resolves to the body `schema` read. */
export function createTransport(options: TransportOptions) {
  const {
    apiKey,
    timeoutMs = 10_000,
    maxRetries = 2,
    retryAfterCapMs = 5_000,
    backoffBaseMs = 250,
  } = options;
  const base = options.apiBase.replace(/\/+$/, "");
  // The global fetch as it is at each call, not at creation: a client may be made before Next
  // patches fetch (by instrumentation.ts), yet its slugs request must go through the patched
  // fetch, whose data cache tags the pages.
  const doFetch = options.fetch ?? ((input: URL, init: RequestInit) => fetch(input, init));
  const log = options.log ?? logLine("workspace");
  const { workspaceDuration, workspaceRequests } = metrics();
  const debug = logger("workspace");

  /** A non-2xx answer: the error it means, and whether `req` may be sent again. */
  function readRefusal(req: WorkspaceRequest, res: Response, raw: string, endpoint: string): Attempt {
    const parsed = parseJson(raw);
    const upstreamMessage = messageFromErrorBody(parsed ? parsed.value : raw.slice(0, 200));
    const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
    const mayRetry =
      RETRYABLE_STATUS[req.retry].has(res.status) &&
      !(retryAfterMs !== undefined && retryAfterMs > retryAfterCapMs);
    const failure = new WorkspaceApiError({
      status: res.status,
      code: codeFor(res.status, upstreamMessage),
      endpoint,
      message: upstreamMessage ?? `The workspace answered ${endpoint} with status ${res.status}.`,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    });
    return { ok: false, failure, mayRetry };
  }

  return async function send(req: WorkspaceRequest, schema: z.ZodType): Promise<unknown> {
    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
    const endpoint = `${req.method} ${url.origin}${url.pathname}`;
    const headers: Record<string, string> = { "X-Api-Key": apiKey };
    if (req.accept) headers.Accept = "application/json";
    if (req.body !== undefined) headers["Content-Type"] = "application/json";
    const init: RequestInit = {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      redirect: "error",
      // Never Next's data cache: the blog store keeps what the pages read (lib/blog/source.ts).
      cache: "no-store",
    };
    /** One attempt, counted and timed. */
    const once = async (): Promise<Attempt> => {
      const stopTimer = workspaceDuration.startTimer({ operation: req.operation });
      let status = 0;
      let result: Attempt | undefined;
      try {
        const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        status = res.status;
        const raw = await res.text();
        result = res.ok
          ? readAnswer(res.status, raw, endpoint, schema)
          : readRefusal(req, res, raw, endpoint);
      } catch (error) {
        // Next stopping a render is not a workspace outcome: neither counted nor timed.
        if (isFrameworkSignal(error)) throw error;
        const mayRetry = req.retry === "idempotent" || isRefused(error);
        result = { ok: false, failure: networkError(error, endpoint, timeoutMs), mayRetry };
      } finally {
        if (result) {
          const durationMs = Math.round(stopTimer() * 1000);
          const code = result.ok ? "ok" : result.failure.code;
          // A 2xx answer the client could not read is what operators know as an invalid response.
          const outcome = code === "bad_response" ? "invalid_response" : code;
          workspaceRequests.inc({ operation: req.operation, outcome });
          // Every attempt at debug, for tracing a slow page or a failing form without a proxy.
          debug.debug(
            { operation: req.operation, endpoint, status, outcome, durationMs },
            `workspace ${endpoint}: ${status || "no response"} (${outcome})`,
          );
        }
      }
      return result;
    };
    for (let attempt = 0; ; attempt++) {
      const result = await once();
      if (result.ok) return result.body;
      const { failure, mayRetry } = result;
      const outcome = `${failure.code} (${failure.status || "no response"})`;
      if (!mayRetry || attempt >= maxRetries) {
        if (attempt > 0) log(`${endpoint} failed after ${attempt + 1} attempts: ${outcome}`);
        throw failure;
      }
      // What Retry-After asks for, or else full-jitter exponential backoff.
      const waitMs =
        failure.retryAfterSeconds !== undefined
          ? failure.retryAfterSeconds * 1000
          : Math.random() * Math.min(4_000, backoffBaseMs * 2 ** attempt);
      log(`${endpoint}: ${outcome}, retry ${attempt + 1}/${maxRetries} in ${Math.round(waitMs)} ms`);
      await new Promise((r) => setTimeout(r, waitMs));
    }
  };
}

/** A 2xx answer: empty, or JSON as `schema` reads it. */
function readAnswer(status: number, raw: string, endpoint: string, schema: z.ZodType): Attempt {
  if (status === 204 || raw.trim() === "") return { ok: true, body: undefined };
  const parsed = parseJson(raw);
  const shaped = parsed && schema.safeParse(parsed.value);
  if (shaped && shaped.success) return { ok: true, body: shaped.data };
  const problem = shaped
    ? `an unexpected shape (at ${shaped.error.issues[0]?.path.join(".") || "(root)"})`
    : "malformed JSON";
  const failure = new WorkspaceApiError({
    status,
    code: "bad_response",
    endpoint,
    message: `The workspace answered ${endpoint} with ${problem}.`,
  });
  return { ok: false, failure, mayRetry: false };
}

function parseJson(raw: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return undefined;
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
