import { NextResponse } from "next/server";
import { z } from "zod";
import { audit } from "@/lib/admin/audit";
import { adminRoute, errorResponse, jsonResponse, schemaBody } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { SESSION, cookieFromHeader, sealSession, setCookie } from "@/lib/admin/session";
import { ENROLMENT, confirmEnrolment, startEnrolment, twoFactorChangeRefused } from "@/lib/admin/two-factor";
import { siteText } from "@/lib/config/text";

export const dynamic = "force-dynamic";

/*
 * The signed-in admin's own two-factor, each change after a recent sign-in: POST starts an
 * enrolment (a fresh secret, shown once), PUT { code } confirms it and answers the recovery
 * codes, DELETE turns it off.
 */

const codeBodySchema = z.object({
  code: z.string({ error: "admin.twoFactor.wrongCode" }).max(40, "admin.twoFactor.wrongCode"),
});

const unavailable = () =>
  errorResponse(503, siteText()("admin.twoFactor.unavailable"), { code: "store_unavailable" });

export const POST = adminRoute({ recentSignIn: true }, async ({ session }) => {
  try {
    const refused = await twoFactorChangeRefused(session.email, true);
    if (refused) return refused;
    const { sealed, ...shown } = await startEnrolment(session.email);
    const response = NextResponse.json(shown, { headers: { "Cache-Control": "no-store" } });
    setCookie(response, ENROLMENT, sealed);
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
      const refused = await twoFactorChangeRefused(session.email, true);
      if (refused) return refused;
      const cookie = cookieFromHeader(request.headers.get("cookie"), ENROLMENT.name);
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
      setCookie(response, SESSION, renewed.value);
      setCookie(response, ENROLMENT, "");
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
    const refused = await twoFactorChangeRefused(session.email, false);
    if (refused) return refused;
    await passkeyStore().setTwoFactor(session.email, null);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ on: false });
  } catch {
    audit({ ...entry, outcome: "failed", detail: "store_unavailable" });
    return unavailable();
  }
});
