import "server-only";
import { NextResponse } from "next/server";
import { env } from "../config/env";
import { siteText } from "../config/text";
import type { MessageKey } from "../i18n";
import { metrics, type LoginOutcome as CountedOutcome } from "../observability/metrics";
import { NOT_ADMIN_AT_SIGN_IN, SESSION_ENDED, type NotAdminReason } from "./access";
import { audit } from "./audit";
import { DEVICE, sealDevice } from "./device";
import { CROSS_ORIGIN, errorResponse, TOO_LARGE } from "./http";
import type { LoginOutcome } from "./login";
import type { PasskeySignIn } from "./passkeys/sign-in";
import { PENDING_STEP } from "./second-step";
import { isConfiguredAdmin, SESSION, sealSession, setCookie } from "./session";

// Every answer of a sign-in (password or passkey) in one table: status, words, JSON `code`, the
// login page's `?error=` for a form post (303s), `Retry-After` and the metric's `outcome` label.
// The login page words its `?error=` from the same rows (loginPageMessage).

type Answer = {
  status: number;
  counted: CountedOutcome;
  /** The refusal's words (a phrase that may name the minutes to wait, `count`). */
  error: MessageKey;
  /** The JSON refusal's `code`; absent where a refusal must read the same for every account. */
  code?: string;
  /** The login page's `?error=` a form post is sent back with; absent: JSON either way. */
  page?: string;
  /** `Retry-After`, unless the refusal brings its own wait. */
  retryAfterSeconds?: number;
};

const row = (status: number, counted: CountedOutcome, error: MessageKey, more?: Partial<Answer>): Answer => ({
  status,
  counted,
  error,
  ...more,
});
/** A refusal whose JSON `code` is also the `?error=` a form post is sent back to the login page with. */
const paged = (
  status: number,
  counted: CountedOutcome,
  error: MessageKey,
  code: string,
  retryAfterSeconds?: number,
) => row(status, counted, error, { code, page: code, retryAfterSeconds });
const NOT_ADMIN = (reason: NotAdminReason) =>
  paged(403, "not_admin", NOT_ADMIN_AT_SIGN_IN[reason][1], NOT_ADMIN_AT_SIGN_IN[reason][0]);
const WRONG_CODE = paged(401, "invalid", "admin.login.invalidCode", "invalid_code");

const SIGN_IN = {
  // authorize, then parse (lib/http/request-body.ts's problems, then the fields)
  origin: row(403, "forbidden", CROSS_ORIGIN, { page: "origin" }),
  unsupported_type: row(415, "bad_request", "admin.login.unsupportedType"),
  too_large: row(413, "bad_request", TOO_LARGE),
  unreadable: row(400, "bad_request", "admin.login.unreadable"),
  malformed: row(400, "bad_request", "admin.login.unreadable"),
  // The first step's plain refusal stays codeless: it must read the same for every account.
  invalid: row(401, "invalid", "admin.login.invalid", { page: "invalid" }),
  // act (lib/admin/login.ts's outcomes; wrong, replayed or expired codes count as invalid)
  wrong_code: WRONG_CODE,
  replayed_code: WRONG_CODE,
  step_expired: paged(401, "invalid", "admin.login.expired", "expired"),
  not_member: NOT_ADMIN("not_member"),
  inactive: NOT_ADMIN("inactive"),
  not_admin_role: NOT_ADMIN("role"),
  workspace_unreachable: paged(
    503,
    "workspace_unreachable",
    "admin.login.workspaceUnreachable",
    "workspace",
    30,
  ),
  busy: paged(503, "busy", "admin.login.busy", "busy"),
  rate_limited: paged(429, "rate_limited", "admin.login.rateLimited", "rate_limited"),
  // The passkey sign-in's own (JSON only; the rest of its answers are the password's rows)
  unknown_passkey: row(401, "invalid", "admin.passkey.unknownPasskey", { code: "unknown_passkey" }),
  passkey_invalid: row(401, "invalid", "admin.passkey.invalid", { code: "passkey_invalid" }),
  not_configured: row(403, "not_admin", "admin.passkey.notConfigured", { code: "not_configured" }),
  passkeys_unavailable: row(503, "workspace_unreachable", "admin.passkey.unavailable", {
    code: "passkeys_unavailable",
    retryAfterSeconds: 30,
  }),
  passkey_rate_limited: row(429, "rate_limited", "admin.passkey.failuresLimited", { code: "rate_limited" }),
};

export type Refusal = keyof typeof SIGN_IN;
export const REFUSALS = Object.keys(SIGN_IN) as Refusal[];

/** A wait is said in minutes; the login page, which a redirect tells no wait, says "a few minutes". */
function wordsOf(error: MessageKey, wait: number | undefined): string {
  const t = siteText();
  if (error !== "admin.login.rateLimited") return t(error);
  return wait === undefined ? t("admin.login.rateLimitedFew") : t(error, { count: Math.ceil(wait / 60) });
}

/** The login page's words per `?error=`: a form post's refusals, and sessions an admin page ended. */
const PAGE_MESSAGES: ReadonlyMap<string, MessageKey> = new Map([
  ...Object.values(SIGN_IN).flatMap((answer) => (answer.page ? [[answer.page, answer.error] as const] : [])),
  ...Object.entries(SESSION_ENDED),
]);

/** What the login page says for its `?error=` value; undefined for a value nothing sends. */
export function loginPageMessage(value: string | undefined): string | undefined {
  const key = value ? PAGE_MESSAGES.get(value) : undefined;
  return key && wordsOf(key, undefined);
}

/** How a request is answered: JSON for the login page's script, or redirects for a form post. */
export type Reply = {
  isForm: boolean;
  /** Where a signed-in admin goes (lib/admin/validation.ts `safeNextPath`). */
  next: string;
  isCodeStep: boolean;
};

const NO_STORE = { headers: { "Cache-Control": "no-store" } };
const count = (outcome: CountedOutcome) => metrics().adminLogins.inc({ outcome });

/** Redirects go to SITE_URL, the address the browser uses (and the cookies were set for), not the host the server bound to. */
function toLoginPage(reply: Reply, error?: string): NextResponse {
  const url = new URL("/admin/login", env().siteUrl);
  if (error) url.searchParams.set("error", error);
  if (reply.next !== "/admin") url.searchParams.set("next", reply.next);
  return NextResponse.redirect(url, 303);
}

/** A refusal from the table: counted, then `{ error, code? }` or, for a form post, 303 to the login page naming it. */
export function refuse(name: Refusal, reply: Reply, waitSeconds?: number): Response {
  const answer = SIGN_IN[name];
  count(answer.counted);
  const wait = waitSeconds ?? answer.retryAfterSeconds;
  const error = wordsOf(answer.error, wait);
  const response =
    reply.isForm && answer.page
      ? toLoginPage(reply, answer.page)
      : errorResponse(
          answer.status,
          error,
          answer.code ? { code: answer.code } : {},
          wait === undefined ? {} : { "Retry-After": String(wait) },
        );
  return endStep(response, reply);
}

/** A code step answered either way ends the step: the next attempt starts again from the password. */
function endStep(response: Response, reply: Reply): Response {
  if (!reply.isCodeStep) return response;
  const ended = response instanceof NextResponse ? response : new NextResponse(response.body, response);
  setCookie(ended, PENDING_STEP, "");
  return ended;
}

/** The typed email is logged only when it names an admin: people paste passwords there. */
function actor(email: string | undefined): string {
  return email && isConfiguredAdmin(email) ? email : "(unknown account)";
}

type Refused = Exclude<LoginOutcome, { outcome: "ok" | "code_required" }>;

function refusalFor(outcome: Refused, isCodeStep: boolean): Refusal {
  if (outcome.outcome === "not_admin") return NOT_ADMIN_AT_SIGN_IN[outcome.reason][0];
  // At the code step a wrong password reads exactly like a wrong code.
  if (isCodeStep && outcome.outcome === "invalid") return "wrong_code";
  return outcome.outcome;
}

/** A sign-in that lib/admin/login.ts refused: audited, then answered from the table. */
export function refuseAttempt(outcome: Refused, reply: Reply): Response {
  const email = "email" in outcome ? outcome.email : undefined;
  const detail = outcome.outcome;
  audit({ actor: actor(email), action: "login", target: "admin", outcome: "refused", detail });
  const wait = "retryAfterSeconds" in outcome ? outcome.retryAfterSeconds : undefined;
  return refuse(refusalFor(outcome, reply.isCodeStep), reply, wait);
}

/** The first step answered: the code is asked for, with the sealed second step as a cookie. */
export function askForCode(pending: string, typedEmail: string, reply: Reply): Response {
  count("code_required");
  const detail = "code_required";
  audit({ actor: actor(typedEmail), action: "login", target: "admin", outcome: "refused", detail });
  const response = reply.isForm ? toLoginPage(reply) : NextResponse.json({ step: "code" }, NO_STORE);
  setCookie(response, PENDING_STEP, pending);
  return response;
}

/** Signed in, with the password or `passkey`: the session and a fresh device cookie, then the admin's page (or its address in JSON). */
export async function signedIn(email: string, reply: Reply, passkey?: string): Promise<Response> {
  const value = await sealSession(email, Date.now(), passkey);
  count("ok");
  const action = passkey ? "passkey_login" : "login";
  audit({ actor: email, action, target: "admin", outcome: "ok", detail: "ok" });
  const response = reply.isForm
    ? NextResponse.redirect(new URL(reply.next, env().siteUrl), 303)
    : NextResponse.json({ ok: true, email, redirectTo: reply.next }, NO_STORE);
  setCookie(response, SESSION, value);
  // Either way in, the browser is known to the password's budgets from now on (device.ts).
  setCookie(response, DEVICE, await sealDevice(email));
  return endStep(response, reply);
}

/** A refused passkey sign-in: audited (by the passkey's account when it is known), then answered from the table in JSON. */
export function refusePasskeySignIn(refused: Exclude<PasskeySignIn, { outcome: "ok" }>): Response {
  const actor = "email" in refused ? refused.email : "(unknown passkey)";
  const detail = refused.outcome === "not_admin" ? `not_admin:${refused.reason}` : refused.outcome;
  audit({ actor, action: "passkey_login", target: "admin", outcome: "refused", detail });
  const name = refused.outcome === "not_admin" ? NOT_ADMIN_AT_SIGN_IN[refused.reason][0] : refused.outcome;
  const wait = "retryAfterSeconds" in refused ? refused.retryAfterSeconds : undefined;
  return refuse(name, { isForm: false, next: "/admin", isCodeStep: false }, wait);
}

/** Signed in with `passkey` (the session ends when the passkey is removed), answered in JSON. */
export function passkeySignedIn(email: string, passkey: string, next: string): Promise<Response> {
  return signedIn(email, { isForm: false, next, isCodeStep: false }, passkey);
}
