import { NextResponse } from "next/server";
import { audit } from "@/lib/admin/audit";
import { env } from "@/lib/config/env";
import { CROSS_ORIGIN, errorResponse } from "@/lib/admin/http";
import { isSameOriginWrite } from "@/lib/http/request-origin";
import { endSession, SESSION_COOKIE, sessionCookieOptions, sessionFromRequest } from "@/lib/admin/session";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/logout: ends the session on every instance (a copy of the cookie is refused
 * from now on, not only this browser's) and clears the cookie (JSON for scripts, 303 for forms).
 */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginWrite(request)) return errorResponse(403, CROSS_ORIGIN);
  const session = await sessionFromRequest(request);
  if (session) {
    await endSession(session);
    audit({ actor: session.email, action: "logout", target: "admin", outcome: "ok" });
  }
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const response = wantsJson
    ? NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } })
    : NextResponse.redirect(new URL("/admin/login?signedOut=1", env().siteUrl), 303);
  response.cookies.set(SESSION_COOKIE, "", { ...sessionCookieOptions(0), expires: new Date(0) });
  return response;
}
