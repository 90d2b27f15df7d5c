import { NextResponse } from "next/server";
import { audit } from "@/lib/admin/audit";
import { CROSS_ORIGIN, errorResponse, MAX_BODY_BYTES, TOO_LARGE } from "@/lib/admin/http";
import { DEVICE_COOKIE, deviceCookieOptions } from "@/lib/admin/device";
import { checkLogin, INVALID_CREDENTIALS } from "@/lib/admin/login";
import { clientKey } from "@/lib/http/client-key";
import { env } from "@/lib/config/env";
import { bodyKind, readFields } from "@/lib/http/request-body";
import { metrics, type LoginOutcome } from "@/lib/observability/metrics";
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

/*
 * POST /api/admin/login. JSON from the login page's script, or a plain form post when
 * JavaScript is off (answered with 303 redirects instead of JSON).
 */
export async function POST(request: Request): Promise<Response> {
  const kind = bodyKind(request);
  const isForm = kind === "urlencoded" || kind === "multipart";
  const count = (outcome: LoginOutcome) => metrics().adminLogins.inc({ outcome });

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

  const fail = (status: number, error: string, headers: Record<string, string> = {}) => {
    count(
      status === 429 ? "rate_limited" : status === 403 ? "forbidden" : status === 503 ? "busy" : "invalid",
    );
    if (!isForm) return errorResponse(status, error, {}, headers);
    const url = new URL("/admin/login", request.url);
    url.searchParams.set(
      "error",
      status === 429 ? "rate_limited" : status === 403 ? "origin" : status === 503 ? "busy" : "invalid",
    );
    if (next !== "/admin") url.searchParams.set("next", next);
    return NextResponse.redirect(url, 303);
  };

  // authorize: a login is a write too (login CSRF would sign a victim into our session)
  if (!isSameOriginWrite(request)) return fail(403, CROSS_ORIGIN);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) return fail(401, INVALID_CREDENTIALS);

  // act
  const outcome = await checkLogin({
    email: parsed.data.email,
    password: parsed.data.password,
    client: clientKey(request, env().trustProxy),
    deviceCookie: cookieFromHeader(request.headers.get("cookie"), DEVICE_COOKIE),
  });
  if (!outcome.ok) {
    audit({
      // What was typed in the email box is logged only when it names an admin: people paste
      // passwords there, and the log must never carry one.
      actor: isConfiguredAdmin(parsed.data.email) ? parsed.data.email : "(unknown account)",
      action: "login",
      target: "admin",
      outcome: "refused",
      detail: outcome.reason,
    });
    if (outcome.reason === "busy") {
      return fail(503, "Sign-in is busy right now. Try again in a moment.", {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    }
    if (outcome.reason === "rate_limited") {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return fail(
        429,
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        {
          "Retry-After": String(outcome.retryAfterSeconds),
        },
      );
    }
    return fail(401, INVALID_CREDENTIALS);
  }

  const { value } = await sealSession(outcome.email);
  count("ok");
  audit({ actor: outcome.email, action: "login", target: "admin", outcome: "ok" });
  const response = isForm
    ? NextResponse.redirect(new URL(next, request.url), 303)
    : NextResponse.json(
        { ok: true, email: outcome.email, redirectTo: next },
        { headers: { "Cache-Control": "no-store" } },
      );
  response.cookies.set(SESSION_COOKIE, value, sessionCookieOptions(SESSION_TTL_SECONDS));
  response.cookies.set(DEVICE_COOKIE, outcome.deviceCookie, deviceCookieOptions());
  return response;
}
