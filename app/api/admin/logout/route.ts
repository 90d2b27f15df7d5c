import { siteText } from "@/lib/config/text";
import { NextResponse } from "next/server";
import { audit } from "@/lib/admin/audit";
import { env } from "@/lib/config/env";
import { CROSS_ORIGIN, errorResponse } from "@/lib/admin/http";
import { passkeyStore } from "@/lib/admin/passkeys";
import { isSameOriginWrite } from "@/lib/http/request-origin";
import { endSession, SESSION, sessionFromRequest, setCookie } from "@/lib/admin/session";

export const dynamic = "force-dynamic";

// POST /api/admin/logout: ends the session on every instance (a copy of the cookie is refused too).
// `?everywhere=1` ends every session of the admin begun until now; a store that cannot record it leaves this
// session standing, and says so.
export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginWrite(request)) return errorResponse(403, siteText()(CROSS_ORIGIN));
  const everywhere = new URL(request.url).searchParams.has("everywhere");
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const session = await sessionFromRequest(request);
  if (session) {
    const entry = { actor: session.email, action: "logout", target: "admin" };
    const detail = everywhere ? "everywhere" : undefined;
    try {
      if (everywhere) await passkeyStore().signOutEverywhere(session.email, Date.now());
    } catch {
      audit({ ...entry, outcome: "failed", detail });
      return wantsJson
        ? errorResponse(503, siteText()("admin.passkey.everywhereFailed"), { code: "passkeys_unavailable" })
        : NextResponse.redirect(new URL("/admin/account?everywhere=failed", env().siteUrl), 303);
    }
    await endSession(session);
    audit({ ...entry, outcome: "ok", detail });
  }
  const response = wantsJson
    ? NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } })
    : NextResponse.redirect(
        new URL(`/admin/login?signedOut=${everywhere ? "everywhere" : "1"}`, env().siteUrl),
        303,
      );
  setCookie(response, SESSION, "");
  return response;
}
