import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { startLocalWorkspaceServer, type LocalWorkspaceServer } from "@/lib/local-workspace";
import { createStateEngine, type StateEngine } from "@/lib/state/engine";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";
import { until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * Sessions that can be ended, login limits and the member-search copy with REDIS_URL set,
 * through the real route handlers. "Another instance" is a second state engine on the same
 * Redis: a fresh process-wide engine (nothing in memory from the first) or one built beside it.
 */

let ws: LocalWorkspaceServer;
let redis: TestRedis;
const others: StateEngine[] = [];

/** Fresh modules (the configuration is read again), as a restarted instance would have. */
async function loadApp(): Promise<admin.App> {
  vi.resetModules();
  return admin.importApp();
}

/** Drops this process's state (its engine among it), so the next call builds another: a second instance. */
async function becomeAnotherInstance(app: admin.App): Promise<void> {
  const client = app.state.redisConnection();
  resetProcessState();
  client?.disconnect();
  const fresh = app.state.redisConnection();
  await until(async () => fresh?.status === "ready");
}

const req = (
  path: string,
  init: Omit<admin.RequestOptions, "ip" | "cookies"> & { cookie?: string; ip?: string } = {},
) => admin.request(path, { ...init, cookies: [init.cookie], ip: init.ip ?? "203.0.113.5" });

const signIn = (app: admin.App, ip = "203.0.113.5") =>
  admin.signIn(app, "admin@example.com", "masthead-demo", ip);

const listStatus = async (app: admin.App, cookie: string) =>
  (await app.list.GET(req("/api/admin/team-members", { cookie }))).status;

async function upstreamListCalls(): Promise<number> {
  return Object.entries((await workspace.stats(ws.url)).byRoute)
    .filter(([route]) => route.startsWith("GET ") && route.includes("team-members") && !route.includes(":id"))
    .reduce((sum, [, n]) => sum + n, 0);
}

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  redis = await startTestRedis();
  delete process.env.WORKSPACE_URL;
  delete process.env.SITE_URL;
  delete process.env.PORT;
  delete process.env.ADMIN_USERS;
  delete process.env.SESSION_SECRET;
  delete process.env.TRUST_PROXY;
  process.env.LOCAL_WORKSPACE_PORT = String(ws.port);
  process.env.REDIS_URL = redis.url;
  resetProcessState();
});

afterAll(async () => {
  try {
    const state = await import("@/lib/state");
    state.redisConnection()?.disconnect();
  } catch {
    // nothing connected
  }
  resetProcessState();
  delete process.env.REDIS_URL;
  delete process.env.ADMIN_USERS;
  await Promise.all(others.map((e) => e.close()));
  await redis?.stop();
  await ws?.close();
});

describe("sessions that can be ended (REDIS_URL set)", () => {
  it("logout on one instance: the same cookie is refused on another instance", async () => {
    const a = await loadApp();
    const cookie = await signIn(a);
    expect(await listStatus(a, cookie)).toBe(200);
    const logout = await a.logout.POST(req("/api/admin/logout", { method: "POST", cookie }));
    expect(logout.status).toBe(200);
    expect(await listStatus(a, cookie)).toBe(401);

    // An instance that never saw the logout learns it from Redis.
    await becomeAnotherInstance(a);
    expect(await listStatus(a, cookie)).toBe(401);
    const sealed = decodeURIComponent(cookie.slice("masthead_admin=".length));
    expect(await a.session.readSessionValue(sealed)).toBeNull();
    // And a session that was not ended still works there.
    expect(await listStatus(a, await signIn(a))).toBe(200);
  });

  it("a new password hash in ADMIN_USERS, or removing the admin, ends their sessions on the next request", async () => {
    process.env.ADMIN_USERS = `admin@example.com=${DEMO_ADMIN_HASH},ops@example.com=${hashPassword("ops password 1")}`;
    const before = await loadApp();
    const cookie = await signIn(before);
    expect(await listStatus(before, cookie)).toBe(200);

    // Restarted with the same configuration: still signed in.
    expect(await listStatus(await loadApp(), cookie)).toBe(200);

    // The admin's password changed: the old session is over.
    process.env.ADMIN_USERS = `admin@example.com=${hashPassword("masthead-demo")},ops@example.com=${hashPassword("ops password 1")}`;
    const changed = await loadApp();
    expect(await listStatus(changed, cookie)).toBe(401);

    // The admin was removed: the same.
    process.env.ADMIN_USERS = `admin@example.com=${DEMO_ADMIN_HASH}`;
    const signedIn = await signIn(await loadApp());
    process.env.ADMIN_USERS = `ops@example.com=${hashPassword("ops password 1")}`;
    expect(await listStatus(await loadApp(), signedIn)).toBe(401);
    delete process.env.ADMIN_USERS;
  });

  it("the cookie carries a session id and a fingerprint of the password hash, never the hash", async () => {
    const app = await loadApp();
    const cookie = await signIn(app);
    const sealed = decodeURIComponent(cookie.slice("masthead_admin=".length));
    const session = (await app.session.readSessionValue(sealed))!;
    expect(session.sid).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(session.pwd).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(session)).not.toContain(DEMO_ADMIN_HASH.split(":")[2]!.slice(0, 16));
    const { unsealData } = await import("iron-session");
    const raw = await unsealData<Record<string, unknown>>(sealed, {
      password: "masthead-local-demo-session-secret-do-not-use",
    });
    expect(JSON.stringify(raw)).not.toContain(DEMO_ADMIN_HASH.split(":")[2]!.slice(0, 16));
  });
});

describe("the member-search copy (REDIS_URL set)", () => {
  it("a write on another instance makes the next view load a fresh copy; no write, no reload", async () => {
    const app = await loadApp();
    const cookie = await signIn(app, "203.0.113.60");
    const search = async () => {
      const res = await app.list.GET(req("/api/admin/team-members?q=example", { cookie }));
      expect(res.status).toBe(200);
    };
    await search();
    await workspace.resetStats(ws.url);
    await search();
    expect(await upstreamListCalls()).toBe(0); // served from this instance's copy

    // Instance B writes: its invalidation drops the shared generation in Redis.
    const b = createStateEngine({ redis: redis.url, log: () => {} });
    others.push(b);
    await until(async () => (await b.health()).redis === "up");
    await b.sharedCache("admin-members-generation", { ttlSeconds: 86_400 }).delete("members");
    await search();
    expect(await upstreamListCalls()).toBeGreaterThan(0);
  });

  it("an admin write through this instance shows in the next search", async () => {
    const app = await loadApp();
    const cookie = await signIn(app, "203.0.113.61");
    const find = async (q: string) => {
      const res = await app.list.GET(req(`/api/admin/team-members?q=${encodeURIComponent(q)}`, { cookie }));
      return ((await res.json()) as { members: { id: string; firstName: string }[] }).members;
    };
    const [target] = await find("example");
    expect(target).toBeDefined();
    const renamed = `Renamed${Date.now()}`;
    const patch = await app.one.PATCH(
      req(`/api/admin/team-members/${target!.id}`, { method: "PATCH", cookie, body: { firstName: renamed } }),
      { params: Promise.resolve({ id: target!.id }) },
    );
    expect(patch.status).toBe(200);
    expect((await find(renamed)).map((m) => m.id)).toEqual([target!.id]);
  });
});

// Last: it locks the demo account for strangers.
describe("login failures count across instances (REDIS_URL set)", () => {
  it("ten failures split over two instances lock the account for strangers on both", async () => {
    const a = await loadApp();
    // Each attempt's point is taken as it arrives: connected first, so the first one counts in
    // Redis, and on empty budgets (earlier sign-ins here gave points back to Redis that were
    // taken, before it connected, from the in-memory insurance).
    await until(async () => a.state.redisConnection()?.status === "ready");
    await a.state.redisConnection()!.flushdb();
    const attempt = (app: admin.App, password: string, ip: string) =>
      app.login.POST(
        req("/api/admin/login", { method: "POST", body: { email: "admin@example.com", password }, ip }),
      );
    for (let i = 0; i < 5; i++) expect((await attempt(a, `nope-${i}`, `198.51.100.${i}`)).status).toBe(401);
    await becomeAnotherInstance(a);
    for (let i = 5; i < 10; i++) expect((await attempt(a, `nope-${i}`, `198.51.100.${i}`)).status).toBe(401);
    expect((await attempt(a, "masthead-demo", "198.51.100.99")).status).toBe(429);
    await becomeAnotherInstance(a);
    expect((await attempt(a, "masthead-demo", "198.51.100.98")).status).toBe(429);
  });
});
