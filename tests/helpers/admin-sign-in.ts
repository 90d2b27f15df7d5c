import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { jsonPostHeaders } from "./json-post";

/*
 * The demo admin signing in over HTTP, as the browser suites do it against a running site: the
 * two ways they hold the cookies (fetch, which hands them back; a Playwright request context,
 * which keeps them for its next requests).
 */

export type SignedIn = {
  /** `masthead_admin=…` */
  session: string;
  /** `masthead_device=…`, the known-device cookie a lockout of strangers spares. */
  device: string;
  /** Every cookie the sign-in set, as a Cookie header. */
  cookies: string;
};

export type SignInOptions = {
  /** The reader's address, in X-Forwarded-For (for a site behind a trusted proxy). */
  client?: string;
  /** The Origin the form is posted from: the site's public address. Default: `site`. */
  origin?: string;
  /** A Cookie header to send along, e.g. the device cookie of an earlier sign-in. */
  cookie?: string;
};

/** Signs the demo admin in at `site` with fetch; asserts the 200 and the session cookie. */
export async function signIn(site: string, opts: SignInOptions = {}): Promise<SignedIn> {
  const headers = jsonPostHeaders(opts.origin ?? site);
  if (opts.client) headers["x-forwarded-for"] = opts.client;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${site}/api/admin/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  expect(res.status, "signing in").toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const session = cookies.find((c) => c.startsWith("masthead_admin="));
  const device = cookies.find((c) => c.startsWith("masthead_device="));
  expect(session, "a session cookie").toBeDefined();
  expect(device, "a device cookie").toBeDefined();
  return { session: session!, device: device!, cookies: cookies.join("; ") };
}

/**
 * Signs the demo admin in through `request` (which keeps the cookies for its next requests);
 * asserts the 200 and returns the session cookie's value.
 */
export async function signInThrough(
  request: APIRequestContext,
  opts: { baseURL: string; client?: string },
): Promise<string> {
  const res = await request.post("/api/admin/login", {
    headers: { origin: opts.baseURL, ...(opts.client ? { "x-forwarded-for": opts.client } : {}) },
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const set = res
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("masthead_admin="));
  expect(set, "a session cookie").toBeTruthy();
  return decodeURIComponent(set!.value.split(";")[0]!.slice("masthead_admin=".length));
}
