import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { clientAddresses } from "../helpers/client-addresses";
import { en } from "@/lib/i18n/en";
import { moveClock } from "../helpers/move-clock";
import { unusedCodes } from "../helpers/totp-codes";
import { until } from "../helpers/until";
import { call } from "../helpers/local-workspace-server";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";
import * as workspace from "../helpers/workspace-controls";

/*
 * Who may use /admin: an ADMIN_USERS entry that the workspace still counts as an active admin,
 * with a second factor for those listed in ADMIN_TOTP. Through the real route handlers, against
 * a local workspace over HTTP; changes "made in the workspace" go straight to its API.
 */

const fixture = localWorkspaceForSuite();
const SITE = "http://localhost:3000";
const ADA = DEMO_MEMBERS[0]!; // admin@example.com, active Admin, no second factor
const GRACE = DEMO_MEMBERS[1]!; // the other active Admin: signs in with a code
const LINUS = DEMO_MEMBERS[2]!; // Standard
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

type App = admin.App & { audit: string[] };

let app: App;
let hashes: { grace: string; linus: string };

/** The app's modules with this configuration read afresh, as a restarted instance would have. */
async function loadApp(vars: Record<string, string | undefined> = {}): Promise<App> {
  pointAppAtWorkspace(fixture.server, {
    ...ADMIN_SUITE_VARS,
    ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${GRACE.email}=${hashes.grace}`,
    ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
    ADMIN_RECHECK_SECONDS: "1",
    ...vars,
  });
  vi.resetModules();
  resetProcessState(); // a restarted instance makes its client from this configuration
  const audit: string[] = [];
  const loaded: App = { ...(await admin.importApp((line) => audit.push(line))), audit };
  loaded.loginLib.resetLoginLimits();
  return loaded;
}

const freshClient = clientAddresses("198.51.100");
const { setCookie } = admin;

const request = (path: string, init: Omit<admin.RequestOptions, "ip"> & { ip?: string } = {}) =>
  admin.request(path, { ...init, ip: init.ip ?? freshClient() });

const signIn = (email: string, password: string, ip?: string, form = false) =>
  app.login.POST(request("/api/admin/login", { method: "POST", body: { email, password }, ip, form }));

const enterCode = (step: string | undefined, code: string, ip?: string, form = false) =>
  app.login.POST(
    request("/api/admin/login", {
      method: "POST",
      body: { code },
      cookies: step ? [step] : [],
      ip,
      form,
    }),
  );

/**
 * A code of Grace's that has not signed in yet (each is accepted once): the clock moves on to the
 * next 30 s step instead of the test waiting, since nothing else a sign-in test judges lasts less than minutes.
 */
const graceCode = unusedCodes(GRACE.email, GRACE_SECRET, { moveClock });
/** A valid code where the test expects it to be refused before it is used up. */
const unusedGraceCode = () => app.totp.currentCode(GRACE.email, GRACE_SECRET);

const listStatus = async (sessionCookie: string) =>
  (await app.list.GET(request("/api/admin/team-members", { cookies: [sessionCookie] }))).status;

/** A change made in the workspace itself (not through Masthead). */
async function inWorkspace(id: string, change: { active?: boolean; organization_role?: string }) {
  const path =
    change.active !== undefined
      ? `/api/external/v1/team_members/${id}`
      : `/api/external/v2/team-members/${id}`;
  const res = await call(fixture.server, path, { method: "PATCH", body: change });
  expect(res.status, res.text).toBe(200);
}

const fault = (body: workspace.Fault | null) => workspace.setFault(fixture.server.url, body);

beforeAll(async () => {
  hashes = { grace: hashPassword(GRACE_PASSWORD), linus: hashPassword("linus's own long password") };
  app = await loadApp();
});

afterEach(async () => {
  vi.useRealTimers();
  await fault(null);
});

describe("two-factor sign-in (ADMIN_TOTP)", () => {
  // The clock moved ahead here (graceCode) and is real again after each test: a restarted instance
  // forgets what it stamped with the moved clock (kept answers, claimed rechecks).
  afterAll(async () => {
    app = await loadApp();
  });

  it("the password alone gives no session: every first step gets the same code step, right password or not", async () => {
    const attempts = [
      ["Grace, right password", await signIn(GRACE.email, GRACE_PASSWORD)],
      ["Grace, wrong password", await signIn(GRACE.email, "not her password")],
      ["an unknown email", await signIn("nobody@example.com", GRACE_PASSWORD)],
      ["Ada (no second factor), wrong password", await signIn(ADA.email, "not the password")],
    ] as const;
    for (const [who, res] of attempts) {
      expect(res.status, who).toBe(200);
      expect(await res.json(), who).toEqual({ step: "code" });
      expect(setCookie(res, "masthead_admin"), who).toBeUndefined();
      const step = res.headers.getSetCookie().find((c) => c.startsWith("masthead_login_step="));
      expect(step, who).toMatch(/^masthead_login_step=Fe26\.2/);
      expect(step, who).toMatch(/HttpOnly/i);
      expect(step, who).toMatch(/SameSite=strict/i);
      expect(step, who).toMatch(/Max-Age=300/);
    }
    // An admin without a second factor still signs in with the password (the demo admin).
    const ada = await signIn(ADA.email, "masthead-demo");
    expect(ada.status).toBe(200);
    expect(setCookie(ada, "masthead_admin")).toMatch(/^masthead_admin=Fe26\.2/);
  });

  it("a wrong code is refused and ends the step; the right code then needs the password again", async () => {
    const first = await signIn(GRACE.email, GRACE_PASSWORD);
    const step = setCookie(first, "masthead_login_step");
    const right = unusedGraceCode();
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await enterCode(step, wrong);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: en["admin.login.invalidCode"],
      code: "invalid_code",
    });
    expect(setCookie(refused, "masthead_admin")).toBeUndefined();
    expect(setCookie(refused, "masthead_login_step")).toBe("masthead_login_step=");
    // The same step cookie, replayed with the right code: used once already.
    const again = await enterCode(step, right);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe("expired");
    expect(setCookie(again, "masthead_admin")).toBeUndefined();
  });

  it("the right code signs in; the same code is refused the next time", async () => {
    const code = await graceCode();
    const first = await signIn(GRACE.email, GRACE_PASSWORD);
    const ok = await enterCode(
      setCookie(first, "masthead_login_step"),
      ` ${code.slice(0, 3)} ${code.slice(3)} `,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, email: GRACE.email, redirectTo: "/admin" });
    const session = setCookie(ok, "masthead_admin")!;
    expect(session).toMatch(/^masthead_admin=Fe26\.2/);
    expect(setCookie(ok, "masthead_device")).toMatch(/^masthead_device=Fe26\.2/);
    expect(setCookie(ok, "masthead_login_step")).toBe("masthead_login_step=");
    expect(await listStatus(session)).toBe(200);

    const second = await signIn(GRACE.email, GRACE_PASSWORD);
    const replay = await enterCode(setCookie(second, "masthead_login_step"), code);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toBe(en["admin.login.invalidCode"]);
    expect(setCookie(replay, "masthead_admin")).toBeUndefined();
    expect(app.audit.map((l) => (JSON.parse(l) as { detail?: string }).detail)).toContain("replayed_code");
  });

  it("a wrong password with the right code is refused exactly like a wrong code", async () => {
    const first = await signIn(GRACE.email, "not her password");
    const res = await enterCode(setCookie(first, "masthead_login_step"), unusedGraceCode());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: en["admin.login.invalidCode"], code: "invalid_code" });
  });

  it("wrong codes count against the same budget as wrong passwords: once the account is locked only both factors get past", async () => {
    app.loginLib.resetLoginLimits();
    for (let i = 0; i < app.loginLib.ACCOUNT_FAILURE_LIMIT; i++) {
      const ip = `192.0.${i + 1}.1`;
      const first = await signIn(GRACE.email, GRACE_PASSWORD, ip);
      expect(first.status).toBe(200);
      expect((await enterCode(setCookie(first, "masthead_login_step"), "000000", ip)).status).toBe(401);
    }
    // Locked: the first step reads as always (it tells nothing), and a wrong code is told to wait.
    const locked = await signIn(GRACE.email, GRACE_PASSWORD, "192.0.99.1");
    expect(locked.status).toBe(200);
    const refused = await enterCode(setCookie(locked, "masthead_login_step"), "000000", "192.0.99.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // The right password and the right code still sign Grace in.
    const again = await signIn(GRACE.email, GRACE_PASSWORD, "192.0.98.1");
    expect(
      (await enterCode(setCookie(again, "masthead_login_step"), await graceCode(), "192.0.98.1")).status,
    ).toBe(200);
    app.loginLib.resetLoginLimits();
  });

  it("a successful code gives back the point its step was charged: signing in does not spend the budget", async () => {
    app.loginLib.resetLoginLimits();
    for (let i = 0; i < app.loginLib.ACCOUNT_FAILURE_LIMIT - 1; i++)
      expect((await signIn(GRACE.email, `wrong-${i}`, `192.0.2.${i + 101}`)).status).toBe(200);
    // Nine failures: the tenth attempt is the real admin's, and it is not the one that locks.
    const first = await signIn(GRACE.email, GRACE_PASSWORD, "192.0.2.200");
    const ok = await enterCode(setCookie(first, "masthead_login_step"), await graceCode(), "192.0.2.200");
    expect(ok.status).toBe(200);
    expect((await signIn(GRACE.email, GRACE_PASSWORD, "192.0.2.201")).status).toBe(200);
    app.loginLib.resetLoginLimits();
  });

  it("the code step expires after 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const first = await signIn(GRACE.email, GRACE_PASSWORD);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const late = await enterCode(setCookie(first, "masthead_login_step"), unusedGraceCode());
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ error: en["admin.login.expired"], code: "expired" });
    expect(setCookie(late, "masthead_admin")).toBeUndefined();
  });

  it("works without JavaScript: form posts answered with 303s to the login page, then the admin", async () => {
    const first = await signIn(GRACE.email, GRACE_PASSWORD, undefined, true);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${SITE}/admin/login`);
    const step = setCookie(first, "masthead_login_step");
    expect(step).toBeDefined();
    const wrong = await enterCode(step, "000000", undefined, true);
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe(`${SITE}/admin/login?error=invalid_code`);

    const again = await signIn(GRACE.email, GRACE_PASSWORD, undefined, true);
    const ok = await enterCode(setCookie(again, "masthead_login_step"), await graceCode(), undefined, true);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${SITE}/admin`);
    expect(setCookie(ok, "masthead_admin")).toMatch(/^masthead_admin=Fe26\.2/);
  });
});

describe("access follows the workspace", () => {
  it("deactivated in the workspace: the session ends within the recheck interval, sign-in is refused; reactivated: back in", async () => {
    const first = await signIn(ADA.email, "masthead-demo");
    const session = setCookie(first, "masthead_admin")!;
    expect(await listStatus(session)).toBe(200);

    await inWorkspace(ADA.id, { active: false });
    try {
      let ended: Response | undefined;
      await until(
        async () => {
          const res = await app.list.GET(request("/api/admin/team-members", { cookies: [session] }));
          if (res.status === 200) return false;
          ended = res;
          return true;
        },
        { what: "the session to end", timeoutMs: 5_000, intervalMs: 200 },
      );
      expect(ended!.status).toBe(401);
      expect(await ended!.json()).toMatchObject({
        code: "not_admin",
        error: expect.stringMatching(/^Your workspace account is no longer an active admin/),
      });
      // Ended everywhere (revoked), not only refused once.
      expect(await listStatus(session)).toBe(401);
      expect(await app.session.readSessionValue(decodeURIComponent(session.split("=")[1]!))).toBeNull();

      // Signing in again is refused with what is true now, not "no longer".
      const refused = await signIn(ADA.email, "masthead-demo");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "inactive",
        error: expect.stringMatching(/^Your workspace account is deactivated/),
      });
      expect(setCookie(refused, "masthead_admin")).toBeUndefined();
    } finally {
      await inWorkspace(ADA.id, { active: true });
    }
    const back = await signIn(ADA.email, "masthead-demo");
    expect(back.status).toBe(200);
    expect(await listStatus(setCookie(back, "masthead_admin")!)).toBe(200);
  });

  it("a role outside ADMIN_ROLES in the workspace does the same; the Admin role back lets them in", async () => {
    const session = setCookie(await signIn(ADA.email, "masthead-demo"), "masthead_admin")!;
    expect(await listStatus(session)).toBe(200);
    await inWorkspace(ADA.id, { organization_role: "Standard" });
    try {
      await until(async () => (await listStatus(session)) === 401, {
        what: "the session to end",
        timeoutMs: 5_000,
        intervalMs: 200,
      });
      expect((await signIn(ADA.email, "masthead-demo")).status).toBe(403);
    } finally {
      await inWorkspace(ADA.id, { organization_role: "Admin" });
    }
    expect((await signIn(ADA.email, "masthead-demo")).status).toBe(200);
  });

  it("a workspace that is down at sign-in: a clear refusal (503), never a session or a 500", async () => {
    await fault({ mode: "status", status: 503, pathPrefix: "/api/external/v2/team-members" });
    const res = await signIn(ADA.email, "masthead-demo");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      error: en["admin.login.workspaceUnreachable"],
      code: "workspace",
    });
    expect(setCookie(res, "masthead_admin")).toBeUndefined();
    // The same through a form post.
    const form = await signIn(ADA.email, "masthead-demo", undefined, true);
    expect(form.headers.get("location")).toBe(`${SITE}/admin/login?error=workspace`);
  });

  it("an outage during a session: it keeps working for at most ADMIN_RECHECK_SECONDS × 5, then asks to sign in again", async () => {
    // The sign-in's answer is read after this moment, so the grace cannot end before +5 s.
    const signedInAt = Date.now();
    const session = setCookie(await signIn(ADA.email, "masthead-demo"), "masthead_admin")!;
    // A route that only authorizes: its 200 says the session stands.
    const route = app.http.adminRoute({}, async () => new Response("ok"));
    const authorized = async () => route(request("/api/admin/team-members", { cookies: [session] }));
    await fault({ mode: "status", status: 503, pathPrefix: "/api/external/v2/team-members" });
    // The clock the app judges ages by moves instead of being waited for: past the recheck
    // interval first, so the next check meets the outage, then a quarter second at a time.
    moveClock(1_200);
    expect((await authorized()).status).toBe(200);
    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      moveClock(250);
      const answer = await authorized();
      if (answer.status !== 200) refused = answer;
    }
    expect(refused, "the session to end within 10 s").toBeDefined();
    // 1 s × 5 after the last answer (the sign-in), not before.
    expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(5_000);
    expect(refused!.status).toBe(401);
    expect(await refused!.json()).toMatchObject({
      code: "unverified",
      error: expect.stringMatching(/could not be confirmed with the workspace.*Sign in again/),
    });
    await fault(null);
    expect((await authorized()).status).toBe(401); // ended, not paused
    expect((await signIn(ADA.email, "masthead-demo")).status).toBe(200);
  });
});

describe("changes made through Masthead take effect at once", () => {
  it("an admin deactivated by another admin is signed out on their next request", async () => {
    app = await loadApp({ ADMIN_RECHECK_SECONDS: "3600" });
    try {
      const ada = await app.session.sealSession(ADA.email);
      const grace = await app.session.sealSession(GRACE.email);
      const cookie = (value: string) => `${app.session.SESSION_COOKIE}=${value}`;
      expect(await listStatus(cookie(grace))).toBe(200);
      const off = await app.activation.PUT(
        request(`/api/admin/team-members/${GRACE.id}/activation`, {
          method: "PUT",
          body: { active: false },
          cookies: [cookie(ada)],
        }),
        { params: Promise.resolve({ id: GRACE.id }) },
      );
      expect(off.status).toBe(200);
      try {
        // No waiting for the (hour-long) recheck interval.
        const res = await app.list.GET(request("/api/admin/team-members", { cookies: [cookie(grace)] }));
        expect(res.status).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe("not_admin");
      } finally {
        await inWorkspace(GRACE.id, { active: true });
      }
    } finally {
      app = await loadApp();
    }
  });

  it("the workspace's last admin is still refused (409) when another admin role acts", async () => {
    app = await loadApp({
      ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${LINUS.email}=${hashes.linus}`,
      ADMIN_TOTP: undefined,
      ADMIN_ROLES: "Admin,Standard",
    });
    try {
      const linus = `${app.session.SESSION_COOKIE}=${await app.session.sealSession(LINUS.email)}`;
      await inWorkspace(GRACE.id, { active: false });
      try {
        const del = await app.one.DELETE(
          request(`/api/admin/team-members/${ADA.id}`, { method: "DELETE", cookies: [linus] }),
          { params: Promise.resolve({ id: ADA.id }) },
        );
        expect(del.status).toBe(409);
        expect(await del.json()).toMatchObject({ code: "last_admin" });
      } finally {
        await inWorkspace(GRACE.id, { active: true });
      }
    } finally {
      app = await loadApp();
    }
  });
});

describe("ADMIN_USERS entries the workspace does not count as admins", () => {
  const NOBODY = "nobody@example.org";
  const withStrangers = () =>
    loadApp({
      ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${LINUS.email}=${hashes.linus},${NOBODY}=${hashes.linus}`,
      ADMIN_TOTP: undefined,
    });

  it("a role outside ADMIN_ROLES is told it is not an admin in the workspace, never that it is 'no longer' one", async () => {
    app = await withStrangers();
    try {
      const refused = await signIn(LINUS.email, "linus's own long password");
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { code: string; error: string };
      expect(body).toMatchObject({
        code: "not_admin_role",
        error: expect.stringMatching(/^Your workspace account is not an admin in the workspace/),
      });
      expect(body.error).not.toMatch(/no longer/);
      expect(setCookie(refused, "masthead_admin")).toBeUndefined();

      // Without JavaScript: the login page is named the same reason.
      const form = await signIn(LINUS.email, "linus's own long password", undefined, true);
      expect(form.status).toBe(303);
      expect(new URL(form.headers.get("location")!).searchParams.get("error")).toBe("not_admin_role");

      const stranger = await signIn(NOBODY, "linus's own long password");
      expect(stranger.status).toBe(403);
      expect(await stranger.json()).toMatchObject({
        code: "not_member",
        error: expect.stringMatching(/^Your email is not a member of the workspace/),
      });
    } finally {
      app = await loadApp();
    }
  });

  it("start-up names them once in a warn line, with why, and nothing of the hashes", async () => {
    app = await withStrangers();
    const lines: string[] = [];
    const { captureLogLines } = await import("@/lib/observability/log.mjs");
    const release = captureLogLines((line) => lines.push(line));
    try {
      await (await import("@/lib/admin/standing")).reportAdminStanding();
    } finally {
      release();
      app = await loadApp();
    }
    const entries = lines.map((l) => JSON.parse(l) as { level: string; component: string; msg: string });
    const warned = entries.filter((e) => e.component === "admin" && e.level === "warn");
    expect(warned).toHaveLength(1);
    expect(warned[0]!.msg).toContain(`${LINUS.email} (its workspace role is not in ADMIN_ROLES)`);
    expect(warned[0]!.msg).toContain(`${NOBODY} (not a member of the workspace)`);
    expect(warned[0]!.msg).not.toContain("admin@example.com");
    expect(lines.join("\n")).not.toContain("scrypt:");
  });
});
