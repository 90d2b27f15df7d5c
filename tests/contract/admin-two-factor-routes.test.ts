import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_HASH, DEMO_ADMIN_PASSWORD } from "@/lib/config/schema";
import { currentCode } from "@/lib/admin/totp";
import { en } from "@/lib/i18n/en";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { clientAddresses } from "../helpers/client-addresses";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The account page's two-factor routes through the real handlers and the real sign-in route,
 * against a local workspace, on the embedded store and on Redis: every change needs a recent sign-in and a
 * JSON body where it takes one; a wrong code or a missing enrolment stores nothing; a confirmed
 * one is stored sealed and asked for at the next sign-in, with its recovery codes each good once;
 * regenerated codes retire the old ones; an admin the operator enrolled (ADMIN_TOTP) is refused.
 */

const fixture = localWorkspaceForSuite();
const GRACE = DEMO_MEMBERS[1]!; // an active Admin, enrolled by the operator
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const dir = mkdtempSync(path.join(tmpdir(), "masthead-two-factor-"));

type Loaded = admin.App & {
  audit: Record<string, unknown>[];
  routes: typeof import("@/app/api/admin/two-factor/route");
  regenerate: typeof import("@/app/api/admin/two-factor/recovery-codes/route");
  twoFactor: typeof import("@/lib/admin/two-factor");
  store: typeof import("@/lib/admin/passkeys");
};
let app: Loaded;
/** Set while the suite runs on Redis (the store, spent recovery codes, budgets), else embedded. */
let redisUrl: string | undefined;

async function loadApp(): Promise<Loaded> {
  pointAppAtWorkspace(fixture.server, {
    ...ADMIN_SUITE_VARS,
    REDIS_URL: redisUrl,
    ADMIN_USERS: `${DEMO_ADMIN_EMAIL}=${DEMO_ADMIN_HASH},${GRACE.email}=${hashPassword(GRACE_PASSWORD)}`,
    ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
    ADMIN_PASSKEY_STORE_PATH: path.join(dir, "passkeys.sqlite"),
    DELIVERY_STORE_PATH: path.join(dir, "delivery.sqlite"),
  });
  vi.resetModules();
  resetProcessState();
  const audit: Record<string, unknown>[] = [];
  const base = await admin.importApp((line) => audit.push(JSON.parse(line) as Record<string, unknown>));
  if (redisUrl) {
    const connection = base.state.redisConnection();
    await until(async () => connection?.status === "ready", { what: "Redis to connect" });
  } else base.loginLib.resetLoginLimits();
  return {
    ...base,
    audit,
    routes: await import("@/app/api/admin/two-factor/route"),
    regenerate: await import("@/app/api/admin/two-factor/recovery-codes/route"),
    twoFactor: await import("@/lib/admin/two-factor"),
    store: await import("@/lib/admin/passkeys"),
  };
}

const client = clientAddresses("198.51.100");
const call = (p: string, method: string, cookies: (string | undefined)[], body?: unknown) =>
  admin.request(p, { method, body, cookies, ip: client() });

/** The password; then, when the answer is the code step, `code` in it. The last answer. */
async function signIn(email: string, password: string, code?: string): Promise<Response> {
  const first = await app.login.POST(call("/api/admin/login", "POST", [], { email, password }));
  if (code === undefined) return first;
  expect(await first.clone().json()).toEqual({ step: "code" });
  return app.login.POST(
    call("/api/admin/login", "POST", [admin.setCookie(first, "masthead_login_step")], { code }),
  );
}

let session: string;
let secret: string;
let enrolment: string | undefined;
let recovery: string[];
/** The code that confirmed the enrolment: it must not also sign in. */
let confirming: string;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  { engine: "the embedded store", withRedis: false },
  { engine: "Redis", withRedis: true },
])("turning two-factor on from the account page, on $engine", ({ withRedis }) => {
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    if (withRedis) {
      redis = await startTestRedis();
      redisUrl = redis.url;
    }
    app = await loadApp();
    expect(app.store.passkeyStore().constructor.name).toBe(
      withRedis ? "RedisPasskeyStore" : "SqlitePasskeyStore",
    );
    session = admin.setCookie(await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD), "masthead_admin")!;
  });

  afterAll(async () => {
    await app?.store.passkeyStore().close();
    app?.state.redisConnection()?.disconnect();
    redisUrl = undefined;
    delete process.env.REDIS_URL;
    resetProcessState();
    await redis?.stop();
  });

  it("needs a sign-in within the last 10 minutes for every change", async () => {
    const value = await app.session.sealSession(DEMO_ADMIN_EMAIL, Date.now() - 11 * 60 * 1000);
    const stale = [`masthead_admin=${value}`];
    for (const res of [
      await app.routes.POST(call("/api/admin/two-factor", "POST", stale, {})),
      await app.routes.PUT(call("/api/admin/two-factor", "PUT", stale, { code: "123456" })),
      await app.routes.DELETE(call("/api/admin/two-factor", "DELETE", stale)),
      await app.regenerate.POST(call("/api/admin/two-factor/recovery-codes", "POST", stale, {})),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "reauth_required" });
    }
  });

  it("refuses a stranger, another site, and a body that is not JSON or has no code", async () => {
    expect((await app.routes.POST(call("/api/admin/two-factor", "POST", [], {}))).status).toBe(401);
    const foreign = call("/api/admin/two-factor", "POST", [session], {});
    foreign.headers.set("origin", "https://evil.example");
    expect((await app.routes.POST(foreign)).status).toBe(403);
    const text = new Request(`${admin.SITE}/api/admin/two-factor`, {
      method: "PUT",
      headers: { cookie: session, origin: admin.SITE, "content-type": "text/plain" },
      body: "123456",
    });
    expect((await app.routes.PUT(text)).status).toBe(415);
    const noCode = await app.routes.PUT(call("/api/admin/two-factor", "PUT", [session], { code: 123456 }));
    expect(noCode.status).toBe(422);
  });

  it("starts with a fresh secret: its QR code as SVG, the issuer the site's name, kept in a sealed cookie", async () => {
    const res = await app.routes.POST(call("/api/admin/two-factor", "POST", [session], {}));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { secret: string; uri: string; qrSvg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(body.uri).toContain(`secret=${body.secret}`);
    const { env } = await import("@/lib/config/env");
    expect(body.uri).toContain(`issuer=${encodeURIComponent(env().site.name ?? "Masthead")}`);
    expect(body.qrSvg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>$/);
    enrolment = admin.setCookie(res, app.twoFactor.ENROLMENT.name);
    expect(enrolment).toMatch(/=Fe26\.2\*/);
    expect(enrolment).not.toContain(body.secret);
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    secret = body.secret;
  });

  it("a wrong code, or no enrolment under way, stores nothing", async () => {
    const wrong = await app.routes.PUT(
      call("/api/admin/two-factor", "PUT", [session, enrolment], { code: "000000" }),
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ code: "wrong_code", error: en["admin.twoFactor.wrongCode"] });
    const none = await app.routes.PUT(
      call("/api/admin/two-factor", "PUT", [session], { code: currentCode(DEMO_ADMIN_EMAIL, secret) }),
    );
    expect(await none.json()).toMatchObject({ code: "no_enrolment" });
    expect((await app.store.passkeyStore().signInState(DEMO_ADMIN_EMAIL)).twoFactor).toBeNull();
    // The password alone still signs in.
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status).toBe(200);
  });

  it("the app's code confirms it: stored sealed, recovery codes answered once, audited", async () => {
    confirming = currentCode(DEMO_ADMIN_EMAIL, secret);
    const res = await app.routes.PUT(
      call("/api/admin/two-factor", "PUT", [session, enrolment], { code: confirming }),
    );
    expect(res.status).toBe(200);
    // Sessions opened without the code have ended; the admin's own goes on with a new cookie.
    const before = session;
    session = admin.setCookie(res, "masthead_admin")!;
    expect(session).toMatch(/^masthead_admin=./);
    expect((await app.routes.POST(call("/api/admin/two-factor", "POST", [before], {}))).status).toBe(401);
    recovery = ((await res.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(admin.setCookie(res, app.twoFactor.ENROLMENT.name)).toBe(`${app.twoFactor.ENROLMENT.name}=`);
    const stored = (await app.store.passkeyStore().signInState(DEMO_ADMIN_EMAIL)).twoFactor;
    expect(stored?.sealedSecret).toMatch(/^Fe26\.2\*/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(app.audit).toContainEqual(expect.objectContaining({ action: "two_factor_on", outcome: "ok" }));
    expect(await app.twoFactor.twoFactorView(DEMO_ADMIN_EMAIL)).toEqual({
      source: "account",
      left: 10,
      total: 10,
    });
    const again = await app.routes.POST(call("/api/admin/two-factor", "POST", [session], {}));
    expect(await again.json()).toMatchObject({ code: "already_on" });
  });

  it("then sign-in asks for the code: the password alone is not enough, the code or a recovery code (once) is", async () => {
    const passwordOnly = await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    expect(await passwordOnly.json()).toEqual({ step: "code" });
    expect(admin.setCookie(passwordOnly, "masthead_admin")).toBeUndefined();
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "000000")).status).toBe(401);
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, confirming)).status).toBe(401);
    // The next time step's code, still inside the accepted window.
    const withCode = await signIn(
      DEMO_ADMIN_EMAIL,
      DEMO_ADMIN_PASSWORD,
      currentCode(DEMO_ADMIN_EMAIL, secret, Date.now() + 30_000),
    );
    expect(withCode.status).toBe(200);
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, recovery[0]!)).status).toBe(200);
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, recovery[0]!)).status).toBe(401);
    expect((await signIn(DEMO_ADMIN_EMAIL, "wrong password", recovery[1]!)).status).toBe(401);
    expect((await app.twoFactor.twoFactorView(DEMO_ADMIN_EMAIL)).left).toBe(9);
    // A restarted instance reads the same store.
    app = await loadApp();
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, recovery[0]!)).status).toBe(401);
  });

  it("regenerated recovery codes retire the old ones", async () => {
    const res = await app.regenerate.POST(
      call("/api/admin/two-factor/recovery-codes", "POST", [session], {}),
    );
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(app.audit).toContainEqual(
      expect.objectContaining({ action: "recovery_codes_regenerated", outcome: "ok" }),
    );
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, recovery[1]!)).status).toBe(401);
    expect((await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, fresh[0]!)).status).toBe(200);
    expect(await app.twoFactor.twoFactorView(DEMO_ADMIN_EMAIL)).toEqual({
      source: "account",
      left: 9,
      total: 10,
    });
  });

  it("turned off, the password alone signs in again; a second turn-off says it is not on", async () => {
    const res = await app.routes.DELETE(call("/api/admin/two-factor", "DELETE", [session]));
    expect(res.status).toBe(200);
    expect(app.audit).toContainEqual(expect.objectContaining({ action: "two_factor_off", outcome: "ok" }));
    expect(
      admin.setCookie(await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD), "masthead_admin"),
    ).toBeDefined();
    const again = await app.routes.DELETE(call("/api/admin/two-factor", "DELETE", [session]));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "not_on" });
    const regenerate = await app.regenerate.POST(
      call("/api/admin/two-factor/recovery-codes", "POST", [session], {}),
    );
    expect(await regenerate.json()).toMatchObject({ code: "not_on" });
  });

  it("an admin the operator enrolled (ADMIN_TOTP) cannot change it here", async () => {
    const grace = admin.setCookie(
      await signIn(GRACE.email, GRACE_PASSWORD, currentCode(GRACE.email, GRACE_SECRET)),
      "masthead_admin",
    );
    expect(await app.twoFactor.twoFactorView(GRACE.email)).toMatchObject({ source: "operator" });
    for (const res of [
      await app.routes.POST(call("/api/admin/two-factor", "POST", [grace], {})),
      await app.routes.DELETE(call("/api/admin/two-factor", "DELETE", [grace])),
      await app.regenerate.POST(call("/api/admin/two-factor/recovery-codes", "POST", [grace], {})),
    ]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: "managed_by_operator",
        error: en["admin.twoFactor.operator"],
      });
    }
  });
});
