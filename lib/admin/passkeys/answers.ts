import "server-only";
import { NextResponse } from "next/server";
import { metrics, type LoginOutcome as CountedOutcome } from "../../observability/metrics";
import { siteText } from "../../config/text";
import type { MessageKey } from "../../i18n";
import { NOT_ADMIN_AT_SIGN_IN, NOT_ADMIN_CODES } from "../access";
import { audit } from "../audit";
import { DEVICE_COOKIE, deviceCookieOptions, sealDevice } from "../device";
import { WORKSPACE_UNREACHABLE_AT_SIGN_IN } from "../login";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sealSession, sessionCookieOptions } from "../session";
import { errorResponse } from "../../http/json-response";
import type { PasskeySignIn } from "./sign-in";

/*
 * The answers of the passkey sign-in (app/api/admin/passkeys/sign-in/**) and the account page's
 * passkey routes, in one table each: status, words, the JSON `code`, and for a sign-in the
 * `outcome` label of masthead_admin_logins_total (the password's labels, so one dashboard
 * counts both ways in).
 */

type Refused = Exclude<PasskeySignIn, { outcome: "ok" }>;

const SIGN_IN: Record<
  Exclude<Refused["outcome"], "not_admin" | "rate_limited">,
  { status: number; counted: CountedOutcome; error: MessageKey; code: string; retryAfter?: number }
> = {
  unknown_passkey: {
    status: 401,
    counted: "invalid",
    error: "admin.passkey.unknownPasskey",
    code: "unknown_passkey",
  },
  invalid: { status: 401, counted: "invalid", error: "admin.passkey.invalid", code: "passkey_invalid" },
  not_configured: {
    status: 403,
    counted: "not_admin",
    error: "admin.passkey.notConfigured",
    code: "not_configured",
  },
  workspace_unreachable: {
    status: 503,
    counted: "workspace_unreachable",
    error: WORKSPACE_UNREACHABLE_AT_SIGN_IN,
    code: "workspace",
    retryAfter: 30,
  },
  unavailable: {
    status: 503,
    counted: "workspace_unreachable",
    error: "admin.passkey.unavailable",
    code: "passkeys_unavailable",
    retryAfter: 30,
  },
};

const count = (outcome: CountedOutcome) => metrics().adminLogins.inc({ outcome });

/** A refused passkey sign-in: audited (by the passkey's account when it is known), counted, answered. */
export function refusePasskeySignIn(refused: Refused): Response {
  const actor = "email" in refused ? refused.email : "(unknown passkey)";
  const detail = refused.outcome === "not_admin" ? `not_admin:${refused.reason}` : refused.outcome;
  audit({ actor, action: "passkey_login", target: "admin", outcome: "refused", detail });
  if (refused.outcome === "not_admin") {
    count("not_admin");
    return errorResponse(403, siteText()(NOT_ADMIN_AT_SIGN_IN[refused.reason]), {
      code: NOT_ADMIN_CODES[refused.reason],
    });
  }
  const answer =
    refused.outcome === "rate_limited"
      ? {
          status: 429,
          counted: "rate_limited" as const,
          error: "admin.passkey.failuresLimited" as const,
          code: "rate_limited",
          retryAfter: refused.retryAfterSeconds,
        }
      : SIGN_IN[refused.outcome];
  count(answer.counted);
  return errorResponse(
    answer.status,
    siteText()(answer.error),
    { code: answer.code },
    answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {},
  );
}

/** Signed in with `passkey`: the session cookie (ended when the passkey is removed), then where to go (JSON: the login page's script asked). */
export async function passkeySignedIn(email: string, passkey: string, next: string): Promise<Response> {
  const { value } = await sealSession(email, Date.now(), passkey);
  count("ok");
  audit({ actor: email, action: "passkey_login", target: "admin", outcome: "ok", detail: "ok" });
  const response = NextResponse.json(
    { ok: true, email, redirectTo: next },
    { status: 200, headers: { "Cache-Control": "no-store" } },
  );
  response.cookies.set(SESSION_COOKIE, value, sessionCookieOptions(SESSION_TTL_SECONDS));
  // A browser that signed in with a passkey is known to the password's budgets too (device.ts).
  response.cookies.set(DEVICE_COOKIE, await sealDevice(email), deviceCookieOptions());
  return response;
}
