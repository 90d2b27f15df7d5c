import { NextResponse, type NextRequest } from "next/server";
// Only the session module, free of the workspace client; proxy runs in the server's own Node process, sharing its state engine.
import { NOT_SIGNED_IN, SESSION_COOKIE, readSessionValue } from "@/lib/admin/session";
import { contentSecurityPolicy } from "@/lib/config/content-security-policy.mjs";
import { en } from "@/lib/i18n/en";

// First gate of the admin (handlers and pages check again). Its pages render per request, so they get
// a fresh nonce, which Next reads from the request's policy header and puts on every script.
function withNonce(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const policy = contentSecurityPolicy({ isDev: process.env.NODE_ENV === "development", nonce });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const isApi = pathname.startsWith("/api/admin");
  // The ways in, before there is a session.
  const open =
    ["/admin/login", "/api/admin/login", "/api/admin/logout"].includes(pathname) ||
    pathname.startsWith("/api/admin/passkeys/sign-in");
  if (open || (await readSessionValue(request.cookies.get(SESSION_COOKIE)?.value)))
    return isApi ? NextResponse.next() : withNonce(request);

  if (isApi) {
    return NextResponse.json(
      // English: the proxy reads no site configuration; the admin's pages word a 401 themselves.
      { error: en[NOT_SIGNED_IN] },
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
  // Public pages never run the proxy. Nor do requests with a body: Next would read all of a
  // stranger's upload for the proxy first; their handlers refuse strangers unread. Next reads this
  // object without running it, so each entry spells its condition out.
  matcher: [
    {
      // Matches /admin itself too (the segment list may be empty).
      source: "/admin/:path*",
      missing: [
        { type: "header", key: "content-length", value: "0*[1-9][0-9]*" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    {
      source: "/api/admin/:path*",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
