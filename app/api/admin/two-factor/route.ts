import { NextResponse } from "next/server";
import { z } from "zod";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import {
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  cookieFromHeader,
  sealSession,
  sessionCookieOptions,
  type AdminSession,
} from "@/lib/admin/session";
import {
  ENROLMENT_COOKIE,
  confirmEnrolment,
  enrolmentCookieOptions,
  startEnrolment,
  twoFactorOf,
} from "@/lib/admin/two-factor";
import { siteText } from "@/lib/config/text";

export const dynamic = "force-dynamic";

/*
 * The signed-in admin's own two-factor (lib/admin/two-factor.ts), each change after a recent
 * sign-in: POST starts an enrolment (a fresh secret, shown once, kept in a sealed cookie), PUT
 * { code } confirms it with the app's code and answers the recovery codes, DELETE turns it off.
 * An admin whose two-factor the operator configured (ADMIN_TOTP) is refused: it is theirs.
 */

const codeBodySchema = z.object({
  code: z.string({ error: "admin.twoFactor.wrongCode" }).max(40, "admin.twoFactor.wrongCode"),
});

const unavailable = () =>
  errorResponse(503, siteText()("admin.twoFactor.unavailable"), { code: "store_unavailable" });

/** The refusal when the admin's two-factor is not theirs to change, or the store cannot say; null to go on. */
async function refusal(session: AdminSession, wantOn: boolean): Promise<Response | null> {
  const current = await twoFactorOf(session.email);
  if (current?.source === "operator")
    return errorResponse(409, siteText()("admin.twoFactor.operator"), { code: "managed_by_operator" });
  if (wantOn && current)
    return errorResponse(409, siteText()("admin.twoFactor.alreadyOn"), { code: "already_on" });
  if (!wantOn && !current) return errorResponse(409, siteText()("admin.twoFactor.notOn"), { code: "not_on" });
  return null;
}

export const POST = adminRoute({ recentSignIn: true }, async ({ session }) => {
  try {
    const refused = await refusal(session, true);
    if (refused) return refused;
    const { sealed, ...shown } = await startEnrolment(session.email);
    const response = NextResponse.json(shown, { headers: { "Cache-Control": "no-store" } });
    response.cookies.set(ENROLMENT_COOKIE, sealed, enrolmentCookieOptions());
    return response;
  } catch {
    return unavailable();
  }
});

export const PUT = adminRoute(
  { recentSignIn: true, body: schemaBody(codeBodySchema) },
  async ({ request, session, body }) => {
    const entry = { actor: session.email, action: "two_factor_on", target: "admin" };
    try {
      const refused = await refusal(session, true);
      if (refused) return refused;
      const cookie = cookieFromHeader(request.headers.get("cookie"), ENROLMENT_COOKIE);
      const done = await confirmEnrolment(session.email, cookie, body.code);
      if (done === "no_enrolment" || done === "wrong_code") {
        audit({ ...entry, outcome: "refused", detail: done });
        return errorResponse(
          422,
          siteText()(done === "wrong_code" ? "admin.twoFactor.wrongCode" : "admin.twoFactor.noEnrolment"),
          { code: done },
        );
      }
      audit({ ...entry, outcome: "ok" });
      // Sessions opened without the code end with it (sign out everywhere); this one goes on anew.
      const now = Date.now();
      await passkeyStore().signOutEverywhere(session.email, now);
      const renewed = await sealSession(session.email, now + 1, session.passkey);
      const response = NextResponse.json(
        { recoveryCodes: done.codes },
        { headers: { "Cache-Control": "no-store" } },
      );
      response.cookies.set(SESSION_COOKIE, renewed.value, sessionCookieOptions(SESSION_TTL_SECONDS));
      response.cookies.set(ENROLMENT_COOKIE, "", { ...enrolmentCookieOptions(0), expires: new Date(0) });
      return response;
    } catch {
      audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
      return unavailable();
    }
  },
);

export const DELETE = adminRoute({ recentSignIn: true }, async ({ session }) => {
  const entry = { actor: session.email, action: "two_factor_off", target: "admin" };
  try {
    const refused = await refusal(session, false);
    if (refused) return refused;
    await passkeyStore().setTwoFactor(session.email, null);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ on: false });
  } catch {
    audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
    return unavailable();
  }
});
