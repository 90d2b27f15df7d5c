import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import { stampPeerAddress } from "@/lib/http/client-key";
import * as admin from "../helpers/admin-app";
import { clientAddresses, oneClientPerNetwork } from "../helpers/client-addresses";
import { moveClock } from "../helpers/move-clock";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The sign-in's failure budgets (lib/admin/login-throttle.ts) through the real sign-in route,
 * against a local workspace over HTTP, in memory and in Redis: points taken before anything is
 * checked, so a burst of concurrent first steps cannot get more code steps than the budget; and
 * the lockout as a weapon, replayed as it was found (11 wrong passwords from strangers, then the
 * rightful admin from a browser that never signed in): an admin with a second factor gets in, an
 * admin without one waits at most 15 minutes, never longer for repeats, the audit names the
 * account, and the operator's `npm run admin-unlock` ends the lockout at once.
 */

const fixture = localWorkspaceForSuite();
const GRACE = DEMO_MEMBERS[1]!;
const GRACE_PASSWORD = "grace's own long password";
const GRACE_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let app: admin.App;
let graceHash: string;
let redis: TestRedis | undefined;
const auditLines: string[] = [];
let unlockRoute: typeof import("@/app/api/admin-unlock/route");

async function loadApp(redisUrl?: string, { withTotp = true } = {}): Promise<admin.App> {
  pointAppAtWorkspace(fixture.server, {
    ...ADMIN_SUITE_VARS,
    REDIS_URL: redisUrl,
    TRUST_PROXY: undefined,
    ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${GRACE.email}=${graceHash}`,
    ADMIN_TOTP: withTotp ? `${GRACE.email}=${GRACE_SECRET}` : undefined,
  });
  vi.resetModules();
  // A restarted process; with Redis, budgets are told apart by flushing, not by a test-only key suffix.
  resetProcessState();
  usedSteps = new Set();
  const loaded = await admin.importApp((line) => auditLines.push(line));
  unlockRoute = await import("@/app/api/admin-unlock/route");

  if (redisUrl) {
    const client = loaded.state.redisConnection();
    await until(async () => client?.status === "ready", { what: "Redis to connect" });
  }
  if (!redisUrl) loaded.loginLib.resetLoginLimits();
  return loaded;
}

/** One client's addresses: an IPv6 /64 (any of its addresses is the same client). */
const sameClient = clientAddresses("2001:db8:0");
/** A stranger on a network of its own (an IPv4 /24) each time: only the account's budget is in play. */
const stranger = oneClientPerNetwork("198.18");
/** The rightful admin's browsers: each a network of its own, never one that failed before. */
const freshBrowser = oneClientPerNetwork("203.0");

const post = (body: unknown, ip: string, ...cookies: (string | undefined)[]) =>
  app.login.POST(admin.request("/api/admin/login", { method: "POST", body, cookies, ip }));

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
async function guess(ip = sameClient()): Promise<Response> {
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
  resetProcessState();
  delete process.env.REDIS_URL;
  await redis?.stop();
});

/**
 * A code of Grace's the app has not accepted yet: the steps its window accepts now (one before,
 * this one, one after), each used once per app loaded (a fresh engine forgets used codes). When
 * all three are used, the clock (Date only, the app's and the test's alike) moves on a step rather
 * than the test waiting for one: everything else on the sign-in path lasts minutes (budgets, the
 * step cookie, the session; Redis's own expiries keep real time), so a step or two more changes
 * nothing these tests judge.
 */
let usedSteps = new Set<number>();
async function graceCode(): Promise<string> {
  const unused = () => {
    const now = Math.floor(Date.now() / 30_000);
    return [now - 1, now, now + 1].find((s) => !usedSteps.has(s));
  };
  while (unused() === undefined) moveClock(30_000);
  const step = unused()!;
  usedSteps.add(step);
  return app.totp.currentCode(GRACE.email, GRACE_SECRET, step * 30_000 + 1);
}

/**
 * Every budget afresh. Redis: its keys flushed (the operator's command counts under the real
 * names); codes this engine accepted stay used.
 */
async function freshBudgets(): Promise<void> {
  const client = app.state.redisConnection();
  if (client) await client.flushall();
  else app.loginLib.resetLoginLimits();
}

/** 11 wrong passwords for `email`, each from a stranger of its own (the attack as found). */
async function elevenWrongPasswords(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await post({ email, password: `wrong-${i}` }, stranger())).status);
  return statuses;
}

/** Grace from a browser that never signed in (no device cookie): her password, then her code. */
async function graceSignsIn(): Promise<{ first: number; code?: number }> {
  const ip = freshBrowser();
  const first = await post({ email: GRACE.email, password: GRACE_PASSWORD }, ip);
  if (first.status !== 200) return { first: first.status };
  const code = await post({ code: await graceCode() }, ip, stepCookie(first));
  return { first: first.status, code: code.status };
}

const DEMO = { email: "admin@example.com", password: "masthead-demo" };
const minutesToWait = (res: Response) => Number(res.headers.get("retry-after")) / 60;

/** The audit lines of refused sign-ins since `from`, as { actor, detail }. */
const refusals = (from: number) =>
  auditLines
    .slice(from)
    .map((l) => JSON.parse(l) as { action: string; outcome: string; actor: string; detail?: string })
    .filter((e) => e.action === "login" && e.outcome === "refused");

describe.each(["memory", "Redis"] as const)("the sign-in budget, in %s", (engine) => {
  beforeAll(async () => {
    if (engine === "Redis") redis ??= await startTestRedis();
    app = await loadApp(engine === "Redis" ? redis!.url : undefined);
  });

  it("a burst of concurrent first steps from one client gets no more code steps than its budget", async () => {
    await freshBudgets();
    const limit = app.loginLib.CLIENT_FAILURE_LIMIT;
    let codeSteps = 0;
    for (let i = 0; i < limit - 1; i++) {
      const res = await guess();
      expect(res.status).toBe(200);
      codeSteps++;
    }
    // One point left; as many at once as the password check admits (one checking, four waiting).
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => post({ email: GRACE.email, password: GRACE_PASSWORD }, sameClient())),
    );
    const statuses = burst.map((r) => r.status);
    codeSteps += statuses.filter((s) => s === 200).length;
    expect(codeSteps, `burst answered ${statuses.join(", ")}`).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    // And spent for that client (every address of its /64), with how long to wait...
    const after = await post({ email: GRACE.email, password: GRACE_PASSWORD }, sameClient());
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(0);
    // ...and for nobody else: Grace signs in from her own network.
    expect(await graceSignsIn()).toEqual({ first: 200, code: 200 });
  });

  it("11 wrong passwords from strangers, then Grace (second factor) from a fresh browser: signed in", async () => {
    await freshBudgets();
    await elevenWrongPasswords(GRACE.email);
    expect(await graceSignsIn()).toEqual({ first: 200, code: 200 });
    // Also when the strangers go on failing meanwhile, and from one client of her own holder's size.
    await elevenWrongPasswords(GRACE.email);
    for (let i = 0; i < 11; i++) await post({ email: GRACE.email, password: `again-${i}` }, sameClient());
    expect(await graceSignsIn()).toEqual({ first: 200, code: 200 });
  });

  it("a browser that signed in before gets in with the right password and code while others' failures refuse its /24 and lock the account", async () => {
    await freshBudgets();
    const home = clientAddresses("192.0.2");
    const browser = home();
    const first = await post({ email: GRACE.email, password: GRACE_PASSWORD }, browser);
    const signedIn = await post({ code: await graceCode() }, browser, stepCookie(first));
    expect(signedIn.status).toBe(200);
    const device = admin.setCookie(signedIn, "masthead_device");
    expect(device).toBeDefined();
    // Guessers on other addresses of the same /24: random accounts, then Grace's own.
    for (let i = 0; i < 40; i++) await post({ email: `guess-${i}@example.com`, password: "x" }, home());
    for (let i = 0; i < 11; i++) await post({ email: GRACE.email, password: `wrong-${i}` }, home());
    expect((await post({ email: GRACE.email, password: GRACE_PASSWORD }, home())).status).toBe(429);
    // The browser that signed in before is judged by its own budget, not by the holder's.
    const again = await post({ email: GRACE.email, password: GRACE_PASSWORD }, browser, device);
    expect(again.status).toBe(200);
    const code = await post({ code: await graceCode() }, browser, stepCookie(again), device);
    expect(code.status).toBe(200);
  });

  it("wrong unlock tokens spend the failure budgets of the holder that sends them", async () => {
    await freshBudgets();
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const req = new Request("http://localhost:3000/api/admin-unlock", {
        method: "POST",
        headers: { authorization: "Bearer guessed", "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO.email }),
      });
      stampPeerAddress(req.headers, `198.18.200.${i}`);
      statuses.push((await unlockRoute.POST(req)).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(app.loginLib.HOLDER_FAILURE_LIMIT);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
  });

  it("an admin without a second factor: the strangers' lockout lasts 15 minutes at most, the audit names the account, and admin-unlock ends it", async () => {
    await freshBudgets();
    const from = auditLines.length;
    await elevenWrongPasswords(DEMO.email);
    const locked = await post(DEMO, freshBrowser());
    // With a second factor in use by someone, the lockout shows at the code step, as for everyone.
    const lockedAnswer =
      locked.status === 200 ? await post({ code: "000000" }, "203.0.255.1", stepCookie(locked)) : locked;
    expect(lockedAnswer.status).toBe(429);
    expect(minutesToWait(lockedAnswer)).toBeLessThanOrEqual(15);
    const refused = refusals(from).filter((e) => e.detail === "rate_limited");
    expect(refused.length).toBeGreaterThan(0);
    expect(
      refused.every((e) => e.actor === DEMO.email),
      JSON.stringify(refused),
    ).toBe(true);

    // The operator's command, through the server's route (memory) or straight to Redis.
    await runUnlock(DEMO.email);
    expect((await post(DEMO, freshBrowser())).status).toBe(200);
  });
});

describe("repeated lockouts of an admin without a second factor", () => {
  beforeAll(async () => {
    app = await loadApp(undefined, { withTotp: false });
  });

  it("never grow: each lasts at most 15 minutes, and the right password gets in once it ends", async () => {
    // Timers too: the in-memory budgets forget a window's count on a timer.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: Date.now() });
    const later = (m: number) => vi.advanceTimersByTime(m * 60_000 + 1_000);
    for (let round = 0; round < 4; round++) {
      const statuses = await elevenWrongPasswords(DEMO.email);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const locked = await post(DEMO, freshBrowser());
      expect(locked.status).toBe(429);
      expect(minutesToWait(locked), `round ${round + 1}`).toBeLessThanOrEqual(15);
      later(15);
      expect((await post(DEMO, freshBrowser())).status, `round ${round + 1}, 15 minutes later`).toBe(200);
    }
  });
});

/** `npm run admin-unlock -- <email>`, as the runbook says, with the app's environment. */
async function runUnlock(email: string): Promise<void> {
  // Without Redis the command reaches the server; here the server is this process's route.
  let server: Server | undefined;
  const args = ["run", "--silent", "admin-unlock", "--", email];
  if (!process.env.REDIS_URL) {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await unlockRoute.POST(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    args.push("--url", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn("npm", args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      child.on("close", (code) => resolve({ code, output }));
    });
    expect(code, output).toBe(0);
    expect(output).toContain(`Cleared the sign-in lockout of ${email}`);
  } finally {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }
}
