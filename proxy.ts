import { NextResponse, type NextRequest } from "next/server";
// Only the session module: the proxy bundle stays free of the workspace client. Proxy runs on
// the Node.js runtime (Next 16) in the server's own process, so the session's revocation check
// (lib/state: memory, or Redis) works here and shares the process's one state engine.
import { NOT_SIGNED_IN, SESSION_COOKIE, readSessionValue } from "@/lib/admin/session";
import { contentSecurityPolicy } from "@/lib/config/content-security-policy.mjs";
import { en } from "@/lib/i18n/en";

/*
 * First gate of the admin area: pages without a valid session go to the login page (keeping
 * where they were headed), API calls get 401 JSON. Handlers and pages check the session
 * again themselves; this only spares them from rendering for strangers.
 */
/**
 * Admin pages render per request anyway (they read the session), so they get a strict policy:
 * a fresh nonce, 'strict-dynamic', no 'unsafe-inline'. Next reads the nonce from the request's
 * Content-Security-Policy header and puts it on every script it writes.
 */
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
  if (
    pathname === "/admin/login" ||
    pathname === "/api/admin/login" ||
    pathname === "/api/admin/logout" ||
    // Signing in with a passkey: before there is a session.
    pathname.startsWith("/api/admin/passkeys/sign-in")
  ) {
    return isApi ? NextResponse.next() : withNonce(request);
  }
  const session = await readSessionValue(request.cookies.get(SESSION_COOKIE)?.value);
  if (session) return isApi ? NextResponse.next() : withNonce(request);

  if (isApi) {
    return NextResponse.json(
      // English: the proxy's bundle reads no site configuration. The admin's pages never show it
      // (a 401 without a code is worded in the browser, in the site's language).
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
  // Public pages never run the proxy: a cached page view costs what Next's cache costs. Unknown
  // blog addresses are answered before Next sees them (lib/launcher/server.ts).
  // Requests that carry a body never reach the proxy either: Next copies a body for the proxy
  // and answers only once all of it has arrived, so a stranger's upload would be read before
  // anyone decided anything. The handlers and pages behind these paths check the session
  // themselves and refuse a stranger without reading the body (lib/admin/http.ts);
  // next.config.mjs caps what the proxy may still be given (proxyClientMaxBodySize); an empty
  // body (`Content-Length: 0`) is none. Next reads this object without running it, so each entry
  // spells the condition out.
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
