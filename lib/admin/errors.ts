import "server-only";
import { siteText } from "../config/text";
import type { MessageKey } from "../i18n";
import { WorkspaceApiError, type WorkspaceErrorCode } from "../workspace";

// Every way a workspace call can fail, in the admin's words; upstream texts only where they describe the admin's input (never transport failures, which could name internal hosts).

export type AdminErrorContext = { role?: string; timeZone?: string };

export type MappedError = { status: number; error: string; code: string; retryAfterSeconds?: number };

function clip(text: string, max = 300): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

const refused = (detail: string) => siteText()("admin.error.refused", { detail });

function mapInvalid(error: WorkspaceApiError, ctx: AdminErrorContext): MappedError {
  const t = siteText();
  const upstream = error.message ?? "";
  const invalid = (code: string, words: string) => ({ status: 422, code, error: words });
  if (ctx.role !== undefined && /role/i.test(upstream))
    return invalid("unknown_role", t("admin.error.unknownRole", { role: ctx.role }));
  if (ctx.timeZone !== undefined && /time.?zone/i.test(upstream))
    return invalid("invalid_time_zone", t("admin.error.invalidTimeZone", { zone: ctx.timeZone }));
  return invalid("invalid", refused(clip(upstream) || t("admin.error.noReason")));
}

/** How each failure is answered, but "invalid" (it depends on what was sent). */
type Answer = {
  status: number;
  code?: string;
  error: MessageKey | ((error: WorkspaceApiError) => string);
  retryAfterSeconds?: (error: WorkspaceApiError) => number;
};

const ANSWERS: Record<Exclude<WorkspaceErrorCode, "invalid">, Answer> = {
  last_admin: { status: 409, error: "admin.error.lastAdmin" },
  not_found: { status: 404, error: "admin.error.notFound" },
  already_subscribed: { status: 409, code: "conflict", error: (e) => refused(clip(e.message)) },
  unauthorized: { status: 502, error: "admin.error.unauthorized" },
  rate_limited: {
    status: 503,
    error: (e) =>
      e.retryAfterSeconds && e.retryAfterSeconds > 0
        ? siteText()("admin.error.rateLimited", { count: e.retryAfterSeconds })
        : siteText()("admin.error.rateLimitedMoment"),
    retryAfterSeconds: (e) => e.retryAfterSeconds ?? 5,
  },
  unavailable: {
    status: 503,
    error: "admin.error.unavailable",
    retryAfterSeconds: (e) => e.retryAfterSeconds ?? 30,
  },
  timeout: { status: 504, error: "admin.error.timeout" },
  unreachable: { status: 503, error: "admin.error.unreachable", retryAfterSeconds: () => 30 },
  bad_response: { status: 502, error: "admin.error.badResponse" },
  not_acceptable: { status: 502, error: "admin.error.notAcceptable" },
  // Also any status the client has no name for.
  http_error: {
    status: 502,
    error: (e) => siteText()("admin.error.httpError", { status: String(e.status) }),
  },
};

export function mapWorkspaceError(error: unknown, ctx: AdminErrorContext = {}): MappedError {
  if (!(error instanceof WorkspaceApiError))
    return { status: 500, code: "internal", error: siteText()("admin.error.internal") };
  if (error.code === "invalid") return mapInvalid(error, ctx);
  const code = Object.hasOwn(ANSWERS, error.code) ? error.code : "http_error";
  const answer = ANSWERS[code];
  const mapped: MappedError = {
    status: answer.status,
    code: answer.code ?? code,
    error: typeof answer.error === "string" ? siteText()(answer.error) : answer.error(error),
  };
  if (answer.retryAfterSeconds) mapped.retryAfterSeconds = answer.retryAfterSeconds(error);
  return mapped;
}
