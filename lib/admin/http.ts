import "server-only";
import type { ZodError, ZodType } from "zod";
import { errorResponse } from "../http/json-response";
import { readBody, type BodyProblem } from "../http/request-body";
import { log } from "../observability/log.mjs";
import { endSessionBecause, sessionEnded } from "./access";
import { audit, type AuditEntry } from "./audit";
import { mapWorkspaceError, type AdminErrorContext } from "./errors";
import { siteText } from "../config/text";
import type { MessageKey } from "../i18n";
import { isSameOriginWrite } from "../http/request-origin";
import {
  NOT_SIGNED_IN,
  RECENT_SIGN_IN_MINUTES,
  sessionFromRequest,
  signedInRecently,
  type AdminSession,
} from "./session";
import { standingNow, type Standing } from "./standing";
import { fieldErrors, memberIdSchema } from "./validation";

export { errorResponse, jsonResponse } from "../http/json-response";

// The shared shape of every /api/admin handler: nothing trusts proxy.ts to have run, nothing is read before the sender is known.

export const CROSS_ORIGIN = "admin.http.crossOrigin";
export const TOO_LARGE = "admin.http.tooLarge";

/** For a route before any session (the passkey sign-in): the JSON body of a same-origin write; 403, unread, otherwise. */
export async function readSameOriginJson(request: Request): ReturnType<typeof readJson> {
  if (isSameOriginWrite(request)) return readJson(request);
  await request.body?.cancel().catch(() => {});
  return { ok: false, response: errorResponse(403, siteText()(CROSS_ORIGIN)) };
}

/**
 * Before a write, the workspace's fresh word (a demoted admin must not undo it meanwhile): a "no" ends
 * the session (401); a failing workspace refuses the write as the write itself would have been.
 */
async function refusedBeforeWrite(request: Request, session: AdminSession): Promise<Response | null> {
  let standing: Standing;
  try {
    standing = await standingNow(session.email);
  } catch (error) {
    const target = new URL(request.url).pathname;
    return failure(error, { actor: session.email, action: "write_check", target });
  }
  if (standing.ok) return null;
  if (standing.reason === "unverified")
    return errorResponse(
      503,
      siteText()("admin.http.writeUnverified"),
      { code: "unverified" },
      { "Retry-After": "30" },
    );
  const ended = await endSessionBecause(session, standing.reason);
  return errorResponse(401, ended.error, { code: ended.code });
}

/** For a change to how the admin signs in: 403 `reauth_required` (audited) unless the sign-in is recent. */
export function staleSignIn(request: Request, session: AdminSession): Response | null {
  if (signedInRecently(session)) return null;
  const target = new URL(request.url).pathname;
  const code = "reauth_required";
  audit({ actor: session.email, action: "recent_sign_in", target, outcome: "refused", detail: code });
  return errorResponse(403, siteText()("admin.http.reauth", { minutes: RECENT_SIGN_IN_MINUTES }), { code });
}

/** Admin bodies are a form's worth of fields (at most 100 invites or 200 ids); far below this. */
export const MAX_BODY_BYTES = 64_000;

const BODY_PROBLEMS: Record<BodyProblem, [number, MessageKey]> = {
  unsupported_type: [415, "admin.http.unsupportedType"],
  too_large: [413, TOO_LARGE],
  unreadable: [400, "admin.http.unreadable"],
  malformed: [400, "admin.http.malformed"],
};

/** The parsed JSON body, or the 4xx to send; never reads more than MAX_BODY_BYTES. */
export async function readJson(request: Request): Promise<Parsed<unknown>> {
  const read = await readBody(request, MAX_BODY_BYTES, ["json"]);
  if (read.ok) return { ok: true, value: read.value };
  const [status, message] = BODY_PROBLEMS[read.problem];
  return { ok: false, response: errorResponse(status, siteText()(message)) };
}

export function invalidInput(error: ZodError): Response {
  const e = fieldErrors(error);
  return errorResponse(422, e.error, { fields: e.fields });
}

/** Maps a failed workspace call to the response and logs the write's outcome. */
export function failure(
  error: unknown,
  entry: Omit<AuditEntry, "outcome" | "detail"> | null,
  ctx: AdminErrorContext = {},
): Response {
  const mapped = mapWorkspaceError(error, ctx);
  if (mapped.code === "internal") {
    // A bug, not an upstream refusal: keep the type for the log, never the stack or input.
    log("admin").error(
      {
        kind: "admin_error",
        action: entry?.action,
        error: error instanceof Error ? error.name : typeof error,
      },
      "an admin request failed unexpectedly",
    );
  }
  if (entry) audit({ ...entry, outcome: mapped.status >= 500 ? "failed" : "refused", detail: mapped.code });
  const headers: Record<string, string> = mapped.retryAfterSeconds
    ? { "Retry-After": String(mapped.retryAfterSeconds) }
    : {};
  return errorResponse(mapped.status, mapped.error, { code: mapped.code }, headers);
}

type Entry = Omit<AuditEntry, "outcome" | "detail">;

/** A refused change to the admin's own sign-in: audited, then `{ error, code }`. */
export function refuseChange(entry: Entry, status: number, words: MessageKey, code: string): Response {
  audit({ ...entry, outcome: "refused", detail: code });
  return errorResponse(status, siteText()(words), { code });
}

/** `act`'s answer, or 503 (audited under `entry`) when the credential store fails. */
export async function unlessStoreFails(
  words: "passkeys" | "twoFactor",
  entry: Entry | null,
  act: () => Promise<Response>,
): Promise<Response> {
  try {
    return await act();
  } catch {
    if (entry) audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
    return words === "twoFactor"
      ? errorResponse(503, siteText()("admin.twoFactor.unavailable"), { code: "store_unavailable" })
      : errorResponse(503, siteText()("admin.passkey.unavailable"), { code: "passkeys_unavailable" });
  }
}

/** What a parser makes of a path parameter or a body: the value, or the 4xx to send. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A body parser from a zod schema: 422 with the first message per field when it is refused. */
export function schemaBody<T>(schema: ZodType<T>): (raw: unknown) => Parsed<T> {
  return (raw) => {
    const parsed = schema.safeParse(raw);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, response: invalidInput(parsed.error) };
  };
}

export type AdminRequest<P, B> = { request: Request; session: AdminSession; params: P; body: B };

/**
 * An /api/admin handler, in this order: session (401), a write's Origin (403), the session still
 * standing (401), `params`, `body`, a recent sign-in if asked, a write's fresh standing, then `act`.
 */
export function adminRoute<P = Record<string, never>, B = undefined, R = Record<string, string>>(
  options: {
    params?: (raw: R) => Parsed<P>;
    body?: (raw: unknown) => Parsed<B>;
    recentSignIn?: boolean;
  },
  act: (req: AdminRequest<P, B>) => Promise<Response>,
): (request: Request, context?: { params: Promise<R> }) => Promise<Response> {
  return async (request, context) => {
    const session = await sessionFromRequest(request);
    if (!session) return errorResponse(401, siteText()(NOT_SIGNED_IN));
    if (!isSameOriginWrite(request)) return errorResponse(403, siteText()(CROSS_ORIGIN));
    const ended = await sessionEnded(session);
    if (ended) return errorResponse(401, ended.error, { code: ended.code });
    let params = {} as P;
    if (options.params) {
      const parsed = options.params((await context?.params) ?? ({} as R));
      if (!parsed.ok) return parsed.response;
      params = parsed.value;
    }
    let body = undefined as B;
    if (options.body) {
      const read = await readJson(request);
      if (!read.ok) return read.response;
      const parsed = options.body(read.value);
      if (!parsed.ok) return parsed.response;
      body = parsed.value;
    }
    const stale = options.recentSignIn ? staleSignIn(request, session) : null;
    if (stale) return stale;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const refused = await refusedBeforeWrite(request, session);
      if (refused) return refused;
    }
    return act({ request, session, params, body });
  };
}

/** The `[id]` of a member route: one that cannot name a member is the same 404 as an unknown one. */
export function memberIdParam(raw: { id: string }): Parsed<{ id: string }> {
  const id = memberIdSchema.safeParse(raw.id);
  return id.success
    ? { ok: true, value: { id: id.data } }
    : { ok: false, response: errorResponse(404, siteText()("admin.error.notFound"), { code: "not_found" }) };
}
