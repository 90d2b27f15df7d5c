import { expect } from "vitest";
import { stampPeerAddress } from "@/lib/http/client-key";

/*
 * The admin area as the contract suites drive it: its route handlers called with real Requests,
 * as Next calls them, against the local workspace the suite points the app at.
 */

/** The site the admin suites' requests name (and their Origin, on writes). */
export const SITE = "http://localhost:3000";

/** The admin route handlers, and the libraries a suite reads state from. */
export type App = {
  login: typeof import("@/app/api/admin/login/route");
  logout: typeof import("@/app/api/admin/logout/route");
  list: typeof import("@/app/api/admin/team-members/route");
  one: typeof import("@/app/api/admin/team-members/[id]/route");
  activation: typeof import("@/app/api/admin/team-members/[id]/activation/route");
  bulk: typeof import("@/app/api/admin/team-members/bulk/route");
  refresh: typeof import("@/app/api/admin/blog/refresh/route");
  http: typeof import("@/lib/admin/http");
  session: typeof import("@/lib/admin/session");
  loginLib: typeof import("@/lib/admin/login-throttle");
  totp: typeof import("@/lib/admin/totp");
  state: typeof import("@/lib/state");
};

/**
 * Imports the admin app with the environment as it is now (after `vi.resetModules()`, the
 * modules read their configuration again, as a restarted instance would), its audit trail sent
 * to `audit`.
 */
export async function importApp(audit: (line: string) => void = () => {}): Promise<App> {
  (await import("@/lib/admin/audit")).setAuditSink(audit);
  return {
    login: await import("@/app/api/admin/login/route"),
    logout: await import("@/app/api/admin/logout/route"),
    list: await import("@/app/api/admin/team-members/route"),
    one: await import("@/app/api/admin/team-members/[id]/route"),
    activation: await import("@/app/api/admin/team-members/[id]/activation/route"),
    bulk: await import("@/app/api/admin/team-members/bulk/route"),
    refresh: await import("@/app/api/admin/blog/refresh/route"),
    http: await import("@/lib/admin/http"),
    session: await import("@/lib/admin/session"),
    loginLib: await import("@/lib/admin/login-throttle"),
    totp: await import("@/lib/admin/totp"),
    state: await import("@/lib/state"),
  };
}

export type RequestOptions = {
  method?: string;
  /** Sent as JSON, or as a form without JavaScript would post it with `form`. */
  body?: unknown;
  form?: boolean;
  /** `name=value` pairs; undefined ones are left out. */
  cookies?: (string | undefined)[];
  /** The connection's address, as the server's instrumentation stamps it. */
  ip: string;
};

/** A request to the admin API from a browser on the site (its Origin on anything but GET). */
export function request(path: string, init: RequestOptions): Request {
  const headers = new Headers({ host: "localhost:3000", accept: "application/json" });
  const cookies = (init.cookies ?? []).filter((c): c is string => !!c);
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  if (init.method && init.method !== "GET") headers.set("origin", SITE);
  let body: string | undefined;
  if (init.body !== undefined) {
    headers.set("content-type", init.form ? "application/x-www-form-urlencoded" : "application/json");
    body = init.form
      ? new URLSearchParams(init.body as Record<string, string>).toString()
      : JSON.stringify(init.body);
  }
  const req = new Request(SITE + path, { method: init.method ?? "GET", headers, body });
  stampPeerAddress(req.headers, init.ip);
  return req;
}

/** `name=value` of the cookie `name` that `res` sets, or undefined. */
export function setCookie(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}

/** Signs in through the login route; asserts it succeeded and returns the session cookie (`name=value`). */
export async function signIn(
  app: Pick<App, "login">,
  email: string,
  password: string,
  ip: string,
): Promise<string> {
  const res = await app.login.POST(
    request("/api/admin/login", { method: "POST", body: { email, password }, ip }),
  );
  expect(res.status).toBe(200);
  const cookie = setCookie(res, "masthead_admin");
  expect(cookie).toBeDefined();
  return cookie!;
}
