import { NextResponse, type NextRequest } from "next/server";
// Only the session module: the proxy bundle stays free of the workspace client.
import { NOT_SIGNED_IN, SESSION_COOKIE, readSessionValue } from "@/lib/admin/session";

/*
 * First gate of the admin area: pages without a valid session go to the login page (keeping
 * where they were headed), API calls get 401 JSON. Handlers and pages check the session
 * again themselves; this only spares them from rendering for strangers.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const isApi = pathname.startsWith("/api/admin");
  if (pathname === "/admin/login" || pathname === "/api/admin/login" || pathname === "/api/admin/logout") {
    return NextResponse.next();
  }
  const session = await readSessionValue(request.cookies.get(SESSION_COOKIE)?.value);
  if (session) return NextResponse.next();

  if (isApi) {
    return NextResponse.json(
      { error: NOT_SIGNED_IN },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const login = request.nextUrl.clone();
  login.pathname = "/admin/login";
  login.search = "";
  if (pathname !== "/admin") login.searchParams.set("next", pathname + search);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ["/admin", "/admin/:path*", "/api/admin/:path*"],
};
