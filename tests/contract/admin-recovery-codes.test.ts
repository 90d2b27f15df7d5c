import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { loadConfig } from "@/lib/config/startup";
import { newRecoveryCodes } from "@/lib/admin/recovery-codes";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { clientAddresses } from "../helpers/client-addresses";
import { en } from "@/lib/i18n/en";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * Second-factor recovery codes, through the real sign-in route against a local workspace: an
 * admin who lost the authenticator app types one where the code goes. Each signs in once, on
 * every instance and after a restart (the use is kept through lib/state: embedded, a SQLite file
 * beside the delivery store); a wrong password with a right code says nothing of either and
 * spends nothing; every use is an audit line.
 */

const fixture = localWorkspaceForSuite();
const GRACE = DEMO_MEMBERS[1]!; // an active Admin
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const STORE = path.join(mkdtempSync(path.join(tmpdir(), "masthead-recovery-")), "delivery.sqlite");

type App = admin.App & { audit: string[] };
let app: App;
let vars: Record<string, string | undefined>;
let codes: string[];

/** The app's modules read afresh, as a restarted instance (or another one) would have them. */
async function loadApp(): Promise<App> {
  pointAppAtWorkspace(fixture.server, vars);
  vi.resetModules();
  resetProcessState();
  const audit: string[] = [];
  const loaded: App = { ...(await admin.importApp((line) => audit.push(line))), audit };
  loaded.loginLib.resetLoginLimits();
  return loaded;
}

const freshClient = clientAddresses("198.51.100");
const { setCookie } = admin;

const signIn = (email: string, password: string) =>
  app.login.POST(
    admin.request("/api/admin/login", { method: "POST", body: { email, password }, ip: freshClient() }),
  );

/** Password, then `code` in the code step; the final answer. */
async function withCode(password: string, code: string): Promise<Response> {
  const first = await signIn(GRACE.email, password);
  expect(await first.clone().json()).toEqual({ step: "code" });
  return app.login.POST(
    admin.request("/api/admin/login", {
      method: "POST",
      body: { code },
      cookies: [setCookie(first, "masthead_login_step")!],
      ip: freshClient(),
    }),
  );
}

const audited = () =>
  app.audit.map((l) => JSON.parse(l) as { action: string; outcome: string; actor: string; detail?: string });

beforeAll(async () => {
  const enrolment = newRecoveryCodes(GRACE.email);
  codes = enrolment.codes;
  vars = {
    ...ADMIN_SUITE_VARS,
    ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${GRACE.email}=${hashPassword(GRACE_PASSWORD)}`,
    ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
    ADMIN_RECOVERY_CODES: enrolment.entry,
    DELIVERY_STORE_PATH: STORE,
  };
  app = await loadApp();
});

describe("recovery codes", () => {
  it("one signs in in place of the code, once: refused after, on a restarted instance too; another still works", async () => {
    const ok = await withCode(GRACE_PASSWORD, ` ${codes[0]!} `);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, email: GRACE.email });
    expect(setCookie(ok, "masthead_admin")).toMatch(/^masthead_admin=Fe26\.2/);
    expect(audited()).toContainEqual(
      expect.objectContaining({ action: "recovery_code", outcome: "ok", actor: GRACE.email }),
    );

    const again = await withCode(GRACE_PASSWORD, codes[0]!);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: string }).error).toBe(en["admin.login.invalidCode"]);
    expect(setCookie(again, "masthead_admin")).toBeUndefined();

    app = await loadApp();
    const afterRestart = await withCode(GRACE_PASSWORD, codes[0]!.replaceAll("-", ""));
    expect(afterRestart.status).toBe(401);
    expect(audited().map((l) => l.detail)).toContain("replayed_code");

    const next = await withCode(GRACE_PASSWORD, codes[1]!);
    expect(next.status).toBe(200);
  });

  it("with a wrong password a right code is refused like any wrong code, and is not spent", async () => {
    const used = () => audited().filter((l) => l.action === "recovery_code").length;
    const before = used();
    const refused = await withCode("not her password", codes[2]!);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe(en["admin.login.invalidCode"]);
    expect(used()).toBe(before);
    const ok = await withCode(GRACE_PASSWORD, codes[2]!);
    expect(ok.status).toBe(200);
  });

  it("a made-up code, or another admin's, signs nobody in", async () => {
    const madeUp = await withCode(GRACE_PASSWORD, "1234-5678-9012-3456-7890-1234");
    expect(madeUp.status).toBe(401);
    const others = newRecoveryCodes("admin@example.com").codes[0]!;
    expect((await withCode(GRACE_PASSWORD, others)).status).toBe(401);
  });
});

describe("ADMIN_RECOVERY_CODES", () => {
  it("is refused for an admin without ADMIN_TOTP, and when it is not a list of hashes", () => {
    const check = (extra: Record<string, string>) => {
      try {
        loadConfig({
          ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${GRACE.email}=${DEMO_ADMIN_HASH}`,
          ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
          ...extra,
        });
        return [];
      } catch (error) {
        return (error as { problems: { variable: string; problem: string }[] }).problems;
      }
    };
    expect(check({ ADMIN_RECOVERY_CODES: newRecoveryCodes(GRACE.email).entry })).toEqual([]);
    const stranger = check({ ADMIN_RECOVERY_CODES: newRecoveryCodes("admin@example.com").entry });
    expect(stranger).toEqual([
      expect.objectContaining({
        variable: "ADMIN_RECOVERY_CODES",
        problem: expect.stringContaining("admin@example.com"),
      }),
    ]);
    const garbled = check({ ADMIN_RECOVERY_CODES: `${GRACE.email}=1234-5678` });
    expect(garbled[0]).toMatchObject({ variable: "ADMIN_RECOVERY_CODES" });
    expect(garbled[0]!.problem).not.toContain("1234-5678");
  });
});
