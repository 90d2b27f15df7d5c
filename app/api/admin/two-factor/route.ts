import { NextResponse } from "next/server";
import { z } from "zod";
import { audit } from "@/lib/admin/audit";
import { adminRoute, jsonResponse, refuseChange, schemaBody, unlessStoreFails } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { SESSION, cookieFromHeader, sealSession, setCookie } from "@/lib/admin/session";
import { ENROLMENT, confirmEnrolment, startEnrolment, twoFactorChangeRefused } from "@/lib/admin/two-factor";

export const dynamic = "force-dynamic";

// The signed-in admin's own two-factor, each change after a recent sign-in: POST starts an enrolment (a fresh
// secret, shown once), PUT { code } confirms it and answers the recovery codes, DELETE turns it off.

const codeBodySchema = z.object({
  code: z.string({ error: "admin.twoFactor.wrongCode" }).max(40, "admin.twoFactor.wrongCode"),
});

export const POST = adminRoute({ recentSignIn: true }, ({ session }) =>
  unlessStoreFails("twoFactor", null, async () => {
    const refused = await twoFactorChangeRefused(session.email, true);
    if (refused) return refused;
    const { sealed, ...shown } = await startEnrolment(session.email);
    const response = NextResponse.json(shown, { headers: { "Cache-Control": "no-store" } });
    setCookie(response, ENROLMENT, sealed);
    return response;
  }),
);

export const PUT = adminRoute(
  { recentSignIn: true, body: schemaBody(codeBodySchema) },
  ({ request, session, body }) => {
    const entry = { actor: session.email, action: "two_factor_on", target: "admin" };
    return unlessStoreFails("twoFactor", entry, async () => {
      const refused = await twoFactorChangeRefused(session.email, true);
      if (refused) return refused;
      const cookie = cookieFromHeader(request.headers.get("cookie"), ENROLMENT.name);
      const done = await confirmEnrolment(session.email, cookie, body.code);
      if (done === "wrong_code") return refuseChange(entry, 422, "admin.twoFactor.wrongCode", done);
      if (done === "no_enrolment") return refuseChange(entry, 422, "admin.twoFactor.noEnrolment", done);
      audit({ ...entry, outcome: "ok" });
      // Sessions opened without the code end with it (sign out everywhere); this one goes on anew.
      const now = Date.now();
      await passkeyStore().signOutEverywhere(session.email, now);
      const renewed = await sealSession(session.email, now + 1, session.passkey);
      const response = NextResponse.json(
        { recoveryCodes: done.codes },
        { headers: { "Cache-Control": "no-store" } },
      );
      setCookie(response, SESSION, renewed);
      setCookie(response, ENROLMENT, "");
      return response;
    });
  },
);

export const DELETE = adminRoute({ recentSignIn: true }, ({ session }) => {
  const entry = { actor: session.email, action: "two_factor_off", target: "admin" };
  return unlessStoreFails("twoFactor", entry, async () => {
    const refused = await twoFactorChangeRefused(session.email, false);
    if (refused) return refused;
    await passkeyStore().setTwoFactor(session.email, null);
    audit({ ...entry, outcome: "ok" });
    return jsonResponse({ on: false });
  });
});
