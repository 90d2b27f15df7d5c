import "server-only";
import { isWorkspaceApiError, type WorkspaceApiError, type WorkspaceErrorCode } from "../workspace";

/*
 * Every way a workspace call can fail, as the status and plain-words message an admin sees
 * next to the action. Upstream texts are shown only where they describe the admin's input
 * (a refused field), never for transport failures (which could name internal hosts).
 */

export type AdminErrorContext = {
  /** What the admin was doing, in words: "save the changes", "remove Ada Lovelace". */
  action?: string;
  role?: string;
  timeZone?: string;
  email?: string;
};

export type MappedError = { status: number; error: string; code: string; retryAfterSeconds?: number };

export const MESSAGES = {
  lastAdmin:
    "This is the workspace's last active admin, so they cannot be removed, deactivated or demoted. Make another member an active Admin first.",
  notFound:
    "This member no longer exists in the workspace (someone may have removed them already). Reload the list.",
  unauthorized:
    "The workspace refused Masthead's API key. Check WORKSPACE_API_KEY in the site's configuration.",
  rateLimited: (seconds?: number) =>
    `The workspace is receiving too many requests. Try again in ${seconds && seconds > 0 ? `${seconds} second${seconds === 1 ? "" : "s"}` : "a moment"}.`,
  unavailable: "The workspace is down or unavailable right now. Try again in a minute.",
  timeout:
    "The workspace did not answer in time. The change may or may not have been applied: reload to check before trying again.",
  unreachable: "Masthead cannot reach the workspace right now. Nothing was changed; try again in a minute.",
  badResponse:
    "The workspace sent an answer Masthead could not read. Reload to check whether the change was applied.",
  notAcceptable:
    "The workspace refused the format of Masthead's request. This is a bug in Masthead; please report it.",
  httpError: (status: number) =>
    `The workspace answered with an unexpected error (status ${status}). Try again later.`,
  unknownRole: (role: string) =>
    `The workspace has no role named “${role}”. Roles are case sensitive: check the spelling and capitals.`,
  invalidTimeZone: (tz: string) =>
    `“${tz}” is not a time zone the workspace accepts. Pick one from the list, e.g. Europe/Paris.`,
  refused: (detail: string) => `The workspace refused the change: ${detail}`,
  internal: "Something went wrong in Masthead. Try again, and report it if it keeps happening.",
} as const;

function clip(text: string, max = 300): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function mapInvalid(error: WorkspaceApiError, ctx: AdminErrorContext): MappedError {
  const upstream = error.message ?? "";
  if (ctx.role !== undefined && /role/i.test(upstream)) {
    return { status: 422, code: "unknown_role", error: MESSAGES.unknownRole(ctx.role) };
  }
  if (ctx.timeZone !== undefined && /time.?zone/i.test(upstream)) {
    return { status: 422, code: "invalid_time_zone", error: MESSAGES.invalidTimeZone(ctx.timeZone) };
  }
  return { status: 422, code: "invalid", error: MESSAGES.refused(clip(upstream) || "it did not say why.") };
}

/** How each failure is answered, but "invalid" (mapInvalid: it depends on what was sent). */
type Answer = {
  status: number;
  /** The answer's `code`, where it is not the failure's own. */
  code?: string;
  error: string | ((error: WorkspaceApiError) => string);
  /** Seconds for `Retry-After`, where waiting helps. */
  retryAfterSeconds?: (error: WorkspaceApiError) => number;
};

const ANSWERS: Record<Exclude<WorkspaceErrorCode, "invalid">, Answer> = {
  last_admin: { status: 409, error: MESSAGES.lastAdmin },
  not_found: { status: 404, error: MESSAGES.notFound },
  already_subscribed: { status: 409, code: "conflict", error: (e) => MESSAGES.refused(clip(e.message)) },
  unauthorized: { status: 502, error: MESSAGES.unauthorized },
  rate_limited: {
    status: 503,
    error: (e) => MESSAGES.rateLimited(e.retryAfterSeconds),
    retryAfterSeconds: (e) => e.retryAfterSeconds ?? 5,
  },
  unavailable: {
    status: 503,
    error: MESSAGES.unavailable,
    retryAfterSeconds: (e) => e.retryAfterSeconds ?? 30,
  },
  timeout: { status: 504, error: MESSAGES.timeout },
  unreachable: { status: 503, error: MESSAGES.unreachable, retryAfterSeconds: () => 30 },
  bad_response: { status: 502, error: MESSAGES.badResponse },
  not_acceptable: { status: 502, error: MESSAGES.notAcceptable },
  // Also any status the client has no name for.
  http_error: { status: 502, error: (e) => MESSAGES.httpError(e.status) },
};

export function mapWorkspaceError(error: unknown, ctx: AdminErrorContext = {}): MappedError {
  if (!isWorkspaceApiError(error)) return { status: 500, code: "internal", error: MESSAGES.internal };
  if (error.code === "invalid") return mapInvalid(error, ctx);
  const code = Object.hasOwn(ANSWERS, error.code) ? error.code : "http_error";
  const answer = ANSWERS[code];
  const mapped: MappedError = {
    status: answer.status,
    code: answer.code ?? code,
    error: typeof answer.error === "string" ? answer.error : answer.error(error),
  };
  if (answer.retryAfterSeconds) mapped.retryAfterSeconds = answer.retryAfterSeconds(error);
  return mapped;
}
