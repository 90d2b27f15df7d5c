// One error type for every way a workspace call can fail: features map outcomes by `code`.

export type WorkspaceErrorCode =
  | "unauthorized" // 401: missing, invalid, expired or revoked key
  | "not_found" // 404
  | "last_admin" // "Cannot remove the last admin of the workspace", whatever the status
  | "already_subscribed" // "Email is already subscribed", whatever the status
  | "invalid" // 400/422: the workspace rejected the input
  | "not_acceptable" // 406/415: a header rule was broken (a client bug)
  | "rate_limited" // 429
  | "unavailable" // 5xx
  | "timeout" // no answer within the timeout
  | "unreachable" // connection refused, DNS, reset
  | "bad_response" // 2xx with malformed JSON or an unexpected shape
  | "http_error"; // any other status

// Next bundles this module once per route type: a registered-symbol brand makes `instanceof`
// recognise the error whichever bundle's class made it.
const BRAND = Symbol.for("masthead.WorkspaceApiError");

export class WorkspaceApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && BRAND in value;
  }

  readonly [BRAND] = true;
  declare readonly status: number;
  declare readonly code: WorkspaceErrorCode;
  /** Seconds the workspace asked us to wait (429/503), when it said. */
  declare readonly retryAfterSeconds: number | undefined;
  /** "GET https://acme.example.net/api/external/v2/team-members": method and URL, never the key or query. */
  declare readonly endpoint: string;
  /** "unreachable": the system error code of the failed connection (ECONNREFUSED, ENOTFOUND...), when known. */
  declare readonly systemCode: string | undefined;
  /** "timeout": how long the attempt waited for an answer. */
  declare readonly timeoutMs: number | undefined;

  constructor({
    message,
    ...fields
  }: Pick<WorkspaceApiError, "status" | "code" | "endpoint"> &
    Partial<Pick<WorkspaceApiError, "retryAfterSeconds" | "systemCode" | "timeoutMs">> & {
      message: string;
    }) {
    super(message);
    this.name = "WorkspaceApiError";
    Object.assign(this, fields);
  }
}

/** Reads the human message from any of the error body shapes seen in the wild (lib/local-workspace/README.md, API decision 2). */
export function messageFromErrorBody(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim() || undefined;
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown): string | undefined => {
    if (typeof v === "string" && v.trim()) return v.trim();
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      const msg = o.message ?? o.error ?? o.detail;
      const field = typeof o.field === "string" ? o.field : undefined;
      if (typeof msg === "string" && msg.trim()) return field ? `${field}: ${msg.trim()}` : msg.trim();
    }
    return undefined;
  };
  const list = (v: unknown) =>
    Array.isArray(v) ? v.map(text).filter(Boolean).join("; ") || undefined : undefined;
  return text(b.error) ?? list(b.errors) ?? text(b.notice) ?? list(b.field_errors) ?? text(b.message);
}

export function codeFor(status: number, message: string | undefined): WorkspaceErrorCode {
  // The two documented texts are recognised by content: their status is "not shown".
  if (message && /last admin/i.test(message)) return "last_admin";
  if (message && /already subscribed/i.test(message)) return "already_subscribed";
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 400 || status === 422) return "invalid";
  if (status === 406 || status === 415) return "not_acceptable";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "http_error";
}
