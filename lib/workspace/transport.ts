import "server-only";
import { codeFor, messageFromErrorBody, WorkspaceApiError } from "./errors";

/*
 * HTTP to the workspace: exact headers, a timeout per attempt, bounded retries
 * with jittered backoff that honour Retry-After, and errors that never carry the key.
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
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((line: string) => console.warn(line));
  const base = options.apiBase.replace(/\/+$/, "");

  return async function send(req: WorkspaceRequest): Promise<WorkspaceResponse> {
    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const endpoint = `${req.method} ${url.origin}${url.pathname}`;
    const headers: Record<string, string> = { "X-Api-Key": options.apiKey };
    if (req.accept) headers.Accept = "application/json";
    if (req.body !== undefined) headers["Content-Type"] = "application/json";
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);

    for (let attempt = 0; ; attempt++) {
      let failure: WorkspaceApiError;
      let mayRetry: boolean;
      try {
        const res = await doFetch(url, {
          method: req.method,
          headers,
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
          ...(req.nextCache ? { next: req.nextCache } : { cache: "no-store" }),
        } as RequestInit);
        const raw = await res.text();
        const parsed = parseJson(raw);
        if (res.ok) {
          if (res.status === 204 || raw.trim() === "")
            return { status: res.status, body: undefined, endpoint };
          if (parsed.ok) return { status: res.status, body: parsed.value, endpoint };
          throw new WorkspaceApiError({
            status: res.status,
            code: "bad_response",
            endpoint,
            message: `The workspace answered ${endpoint} with malformed JSON.`,
          });
        }
        const upstreamMessage = messageFromErrorBody(parsed.ok ? parsed.value : raw.slice(0, 200));
        const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
        failure = new WorkspaceApiError({
          status: res.status,
          code: codeFor(res.status, upstreamMessage),
          endpoint,
          message: upstreamMessage ?? `The workspace answered ${endpoint} with status ${res.status}.`,
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        });
        mayRetry = (req.retry === "idempotent" ? RETRYABLE_STATUS : UNPROCESSED_STATUS).has(res.status);
        if (mayRetry && retryAfterMs !== undefined && retryAfterMs > retryAfterCapMs) mayRetry = false;
      } catch (error) {
        if (error instanceof WorkspaceApiError || isFrameworkSignal(error)) throw error;
        failure = networkError(error, endpoint, timeoutMs);
        mayRetry = req.retry === "idempotent" || isRefused(error);
      }
      if (!mayRetry || attempt >= maxRetries) {
        if (attempt > 0)
          log(
            `[workspace] ${endpoint} failed after ${attempt + 1} attempts: ${failure.code} (${failure.status || "no response"})`,
          );
        throw failure;
      }
      const waitMs =
        failure.retryAfterSeconds !== undefined
          ? failure.retryAfterSeconds * 1000
          : Math.random() * Math.min(4_000, backoffBaseMs * 2 ** attempt);
      log(
        `[workspace] ${endpoint}: ${failure.code} (${failure.status || "no response"}), retry ${attempt + 1}/${maxRetries} in ${Math.round(waitMs)} ms`,
      );
      await new Promise((r) => setTimeout(r, waitMs));
    }
  };
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
