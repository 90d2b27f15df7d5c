import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { forgetProcessMemo } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { clientAddresses } from "../helpers/client-addresses";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The sign-in budget an account's code guesses are counted in: taken before anything is checked,
 * so a burst of concurrent first steps cannot get more code steps than the budget (in memory and
 * in Redis), and a lockout that grows window after window while the failures go on. Through the
 * real sign-in route, against a local workspace over HTTP.
 */

const fixture = localWorkspaceForSuite();
const GRACE = DEMO_MEMBERS[1]!;
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let app: admin.App;
let graceHash: string;
let redis: TestRedis | undefined;

async function loadApp(redisUrl?: string): Promise<admin.App> {
  pointAppAtWorkspace(fixture.server, {
    ...ADMIN_SUITE_VARS,
    REDIS_URL: redisUrl,
    TRUST_PROXY: undefined,
    ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${GRACE.email}=${graceHash}`,
    ADMIN_TOTP: `${GRACE.email}=${GRACE_SECRET}`,
  });
  vi.resetModules();
  forgetProcessMemo("state.engine");
  const loaded = await admin.importApp();

  if (redisUrl) {
    const client = loaded.state.redisConnection();
    await until(async () => client?.status === "ready", { what: "Redis to connect" });
  }
  loaded.loginLib.resetLoginLimits();
  return loaded;
}

/** A stranger's address: each attempt from its own, so only the account's budget is in play. */
const stranger = clientAddresses("2001:db8:0");

const post = (body: unknown, ip: string, cookie?: string) =>
  app.login.POST(admin.request("/api/admin/login", { method: "POST", body, cookies: [cookie], ip }));

const stepCookie = (res: Response) => admin.setCookie(res, "masthead_login_step");

/** A wrong code for Grace right now (never the current one, nor its neighbours). */
function wrongCode(): string {
  const near = [-30_000, 0, 30_000].map((d) =>
    app.totp.currentCode(GRACE.email, GRACE_SECRET, Date.now() + d),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}

/** One guess as an attacker who knows the password makes it: the password, then a wrong code. */
async function guess(): Promise<Response> {
  const ip = stranger();
  const first = await post({ email: GRACE.email, password: GRACE_PASSWORD }, ip);
  if (first.status !== 200) return first;
  const code = await post({ code: wrongCode() }, ip, stepCookie(first));
  expect(code.status).toBe(401);
  return first;
}

beforeAll(async () => {
  graceHash = hashPassword(GRACE_PASSWORD);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  app?.state.redisConnection()?.disconnect();
  forgetProcessMemo("state.engine");
  delete process.env.REDIS_URL;
  await redis?.stop();
});

describe.each(["memory", "Redis"] as const)("the sign-in budget, in %s", (engine) => {
  beforeAll(async () => {
    if (engine === "Redis") redis ??= await startTestRedis();
    app = await loadApp(engine === "Redis" ? redis!.url : undefined);
  });

  it("a burst of concurrent first steps gets no more code steps than the account's budget", async () => {
    const limit = app.loginLib.ACCOUNT_FAILURE_LIMIT;
    let codeSteps = 0;
    for (let i = 0; i < limit - 1; i++) {
      const res = await guess();
      expect(res.status).toBe(200);
      codeSteps++;
    }
    // One point left; as many at once as the password check admits (one checking, four waiting).
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => post({ email: GRACE.email, password: GRACE_PASSWORD }, stranger())),
    );
    const statuses = burst.map((r) => r.status);
    codeSteps += statuses.filter((s) => s === 200).length;
    expect(codeSteps, `burst answered ${statuses.join(", ")}`).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    // And spent: the next stranger is refused, with how long to wait.
    const after = await post({ email: GRACE.email, password: GRACE_PASSWORD }, stranger());
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("repeated code failures across windows", () => {
  beforeAll(async () => {
    app = await loadApp();
  });

  it("each lockout lasts longer than the one before: 15 minutes, then 30, then an hour", async () => {
    // Timers too: the in-memory budgets forget a window's count on a timer.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: Date.now() });
    const limit = app.loginLib.ACCOUNT_FAILURE_LIMIT;
    const minutes = (res: Response) => Number(res.headers.get("retry-after")) / 60;
    const spend = async () => {
      for (let i = 0; i < limit; i++) expect((await guess()).status).toBe(200);
      const locked = await guess();
      expect(locked.status).toBe(429);
      return locked;
    };
    const later = (m: number) => vi.advanceTimersByTime(m * 60_000 + 1_000);

    expect(minutes(await spend())).toBeLessThanOrEqual(15);
    later(15);
    // The second lockout in a row: twice as long.
    const second = await spend();
    expect(minutes(second)).toBeGreaterThan(15);
    expect(minutes(second)).toBeLessThanOrEqual(30);
    later(15);
    // A fresh 15-minute window would have opened here; the lockout still holds.
    expect((await guess()).status).toBe(429);
    later(15);
    const third = await spend();
    expect(minutes(third)).toBeGreaterThan(30);
    expect(minutes(third)).toBeLessThanOrEqual(60);
  });
});
