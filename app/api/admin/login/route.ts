import { NextResponse } from "next/server";
import { NOT_ADMIN_AT_SIGN_IN, NOT_ADMIN_CODES } from "@/lib/admin/access";
import { audit } from "@/lib/admin/audit";
import { CROSS_ORIGIN, errorResponse, MAX_BODY_BYTES, TOO_LARGE } from "@/lib/admin/http";
import { DEVICE_COOKIE, deviceCookieOptions } from "@/lib/admin/device";
import {
  checkCode,
  checkLogin,
  INVALID_CREDENTIALS,
  INVALID_SECOND_STEP,
  STEP_EXPIRED,
  WORKSPACE_UNREACHABLE_AT_SIGN_IN,
  type LoginOutcome,
} from "@/lib/admin/login";
import { PENDING_STEP_COOKIE, pendingStepCookieOptions } from "@/lib/admin/second-step";
import { clientKey } from "@/lib/http/client-key";
import { env } from "@/lib/config/env";
import { bodyKind, readFields } from "@/lib/http/request-body";
import { metrics, type LoginOutcome as CountedOutcome } from "@/lib/observability/metrics";
import { isSameOriginWrite } from "@/lib/http/request-origin";
import {
  cookieFromHeader,
  isConfiguredAdmin,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  sealSession,
  sessionCookieOptions,
} from "@/lib/admin/session";
import { loginSchema, safeNextPath } from "@/lib/admin/validation";

export const dynamic = "force-dynamic";

type Refusal = Exclude<LoginOutcome["outcome"], "ok" | "code_required">;

/** What each refusal answers: status, message, and the login page's `?error=` without JavaScript. */
const REFUSALS: Record<Refusal, { status: number; error: string; page: string }> = {
  invalid: { status: 401, error: INVALID_CREDENTIALS, page: "invalid" },
  wrong_code: { status: 401, error: INVALID_SECOND_STEP, page: "invalid_code" },
  replayed_code: { status: 401, error: INVALID_SECOND_STEP, page: "invalid_code" },
  step_expired: { status: 401, error: STEP_EXPIRED, page: "expired" },
  // Answered per reason below (NOT_ADMIN_AT_SIGN_IN); this is the status.
  not_admin: { status: 403, error: NOT_ADMIN_AT_SIGN_IN.role, page: NOT_ADMIN_CODES.role },
  workspace_unreachable: { status: 503, error: WORKSPACE_UNREACHABLE_AT_SIGN_IN, page: "workspace" },
  busy: { status: 503, error: "Sign-in is busy right now. Try again in a moment.", page: "busy" },
  rate_limited: { status: 429, error: "", page: "rate_limited" },
};

/** The `outcome` label of masthead_admin_logins_total for each refusal page (wrong, replayed or expired codes count as invalid). */
const COUNTED: Record<string, CountedOutcome> = {
  origin: "forbidden",
  rate_limited: "rate_limited",
  busy: "busy",
  not_admin: "not_admin",
  [NOT_ADMIN_CODES.not_member]: "not_admin",
  [NOT_ADMIN_CODES.inactive]: "not_admin",
  [NOT_ADMIN_CODES.role]: "not_admin",
  workspace: "workspace_unreachable",
};

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/*
 * POST /api/admin/login. JSON from the login page's script, or a plain form post when
 * JavaScript is off (answered with 303 redirects instead of JSON). A body with `code` is the
 * second step (lib/admin/login.ts); anything else is the first. Redirects go to SITE_URL, the
 * address the browser uses (and the cookies were set for), not the host the server bound to.
 */
export async function POST(request: Request): Promise<Response> {
  const kind = bodyKind(request);
  const isForm = kind === "urlencoded" || kind === "multipart";
  const count = (outcome: CountedOutcome) => metrics().adminLogins.inc({ outcome });

  // parse
  const body = await readFields(request, MAX_BODY_BYTES);
  if (!body.ok) {
    count("bad_request");
    if (body.problem === "unsupported_type")
      return errorResponse(415, "Send the sign-in form as JSON or as a form post.");
    if (body.problem === "too_large") return errorResponse(413, TOO_LARGE);
    return errorResponse(400, "The sign-in request could not be read.");
  }
  const parsed = loginSchema.safeParse(body.value);
  const next = safeNextPath(parsed.success ? parsed.data.next : undefined);
  const isCodeStep = parsed.success && parsed.data.code !== undefined;

  const clearStep = (response: Response): NextResponse => {
    const cleared = response instanceof NextResponse ? response : new NextResponse(response.body, response);
    cleared.cookies.set(PENDING_STEP_COOKIE, "", { ...pendingStepCookieOptions(0), expires: new Date(0) });
    return cleared;
  };
  const toLoginPage = (error?: string) => {
    const url = new URL("/admin/login", env().siteUrl);
    if (error) url.searchParams.set("error", error);
    if (next !== "/admin") url.searchParams.set("next", next);
    return NextResponse.redirect(url, 303);
  };
  const fail = (status: number, error: string, page: string, headers: Record<string, string> = {}) => {
    count(COUNTED[page] ?? "invalid");
    // The first step's plain refusal stays codeless: it must read the same for every account.
    const extra = page === "invalid" || page === "origin" ? {} : { code: page };
    const response = isForm ? toLoginPage(page) : errorResponse(status, error, extra, headers);
    // A refused code step ends the step: the next attempt starts again from the password.
    return isCodeStep ? clearStep(response) : response;
  };

  // authorize: a login is a write too (login CSRF would sign a victim into our session)
  if (!isSameOriginWrite(request)) return fail(403, CROSS_ORIGIN, "origin");
  if (!parsed.success) return fail(401, INVALID_CREDENTIALS, "invalid");

  // act
  const cookieHeader = request.headers.get("cookie");
  const deviceCookie = cookieFromHeader(cookieHeader, DEVICE_COOKIE);
  let outcome: LoginOutcome;
  if (isCodeStep) {
    outcome = await checkCode({
      pendingCookie: cookieFromHeader(cookieHeader, PENDING_STEP_COOKIE),
      code: parsed.data.code ?? "",
      deviceCookie,
    });
  } else {
    if (!parsed.data.email || !parsed.data.password) return fail(401, INVALID_CREDENTIALS, "invalid");
    outcome = await checkLogin({
      email: parsed.data.email,
      password: parsed.data.password,
      client: clientKey(request, env().trustProxy),
      deviceCookie,
    });
  }

  if (outcome.outcome === "code_required") {
    count("code_required");
    audit({
      actor: isConfiguredAdmin(parsed.data.email) ? parsed.data.email : "(unknown account)",
      action: "login",
      target: "admin",
      outcome: "refused",
      detail: outcome.outcome,
    });
    const response = isForm
      ? toLoginPage()
      : NextResponse.json({ step: "code" }, { headers: { "Cache-Control": "no-store" } });
    response.cookies.set(PENDING_STEP_COOKIE, outcome.pending, pendingStepCookieOptions());
    return response;
  }

  if (outcome.outcome !== "ok") {
    const email = "email" in outcome ? outcome.email : undefined;
    audit({
      // What was typed in the email box is logged only when it names an admin: people paste
      // passwords there, and the log must never carry one.
      actor: email && isConfiguredAdmin(email) ? email : "(unknown account)",
      action: "login",
      target: "admin",
      outcome: "refused",
      detail: outcome.outcome,
    });
    // At the code step a wrong password reads exactly like a wrong code.
    const refusal = REFUSALS[isCodeStep && outcome.outcome === "invalid" ? "wrong_code" : outcome.outcome];
    if (outcome.outcome === "rate_limited" || outcome.outcome === "busy") {
      const wait = { "Retry-After": String(outcome.retryAfterSeconds) };
      const error =
        outcome.outcome === "busy"
          ? refusal.error
          : `Too many failed sign-in attempts. Try again in ${minutes(outcome.retryAfterSeconds)}.`;
      return fail(refusal.status, error, refusal.page, wait);
    }
    if (outcome.outcome === "not_admin")
      return fail(refusal.status, NOT_ADMIN_AT_SIGN_IN[outcome.reason], NOT_ADMIN_CODES[outcome.reason]);
    if (outcome.outcome === "workspace_unreachable")
      return fail(refusal.status, refusal.error, refusal.page, { "Retry-After": "30" });
    return fail(refusal.status, refusal.error, refusal.page);
  }

  const { value } = await sealSession(outcome.email);
  count("ok");
  audit({ actor: outcome.email, action: "login", target: "admin", outcome: "ok", detail: "ok" });
  const response = isForm
    ? NextResponse.redirect(new URL(next, env().siteUrl), 303)
    : NextResponse.json(
        { ok: true, email: outcome.email, redirectTo: next },
        { headers: { "Cache-Control": "no-store" } },
      );
  response.cookies.set(SESSION_COOKIE, value, sessionCookieOptions(SESSION_TTL_SECONDS));
  response.cookies.set(DEVICE_COOKIE, outcome.deviceCookie, deviceCookieOptions());
  return isCodeStep ? clearStep(response) : response;
}
