import { expect, test } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { signIn as adminSignIn } from "../helpers/admin-sign-in";
import { clientAddresses } from "../helpers/client-addresses";
import { jsonPostHeaders } from "../helpers/json-post";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";

/*
 * Runtime state across two `next start` processes on one build, one Redis, one local
 * workspace: newsletter and sign-in limits are counted once for both instances,
 * a logout on one ends the session on the other, an admin write on one shows in the other's
 * member search, and a Redis outage keeps the limits (per instance) and loses nothing else.
 * The instances run behind an imagined load balancer (TRUST_PROXY=1): each test names its
 * clients in X-Forwarded-For.
 */

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
let cluster: Cluster;
let A: Instance;
let B: Instance;
let signups = 0;
/** A client address of its own for each use (the proxy's X-Forwarded-For). */
const freshClient = clientAddresses("198.18");

test.beforeAll(async () => {
  test.setTimeout(600_000);
  cluster = await startCluster({ instances: 2, env: { TRUST_PROXY: "1" } });
  [A, B] = cluster.instances as [Instance, Instance];
});

test.afterAll(async () => {
  await cluster?.stop();
});

function post(instance: Instance, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: jsonPostHeaders(cluster.siteUrl, headers),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

const subscribe = (instance: Instance, client: string, tag: string) =>
  post(
    instance,
    "/api/newsletter",
    { email: `${tag}-${RUN}-${++signups}@example.org` },
    { "x-forwarded-for": client },
  );

const signIn = (instance: Instance, client = freshClient()) =>
  adminSignIn(instance.url, { client, origin: cluster.siteUrl });

async function members(instance: Instance, cookie: string, q: string) {
  const res = await fetch(`${instance.url}/api/admin/team-members?q=${encodeURIComponent(q)}`, {
    headers: { cookie, accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { members: { id: string; email: string; firstName: string }[] }).members;
}

/**
 * The readiness body, or `{ status: "http <code>" }` for an answer other than 200, so that a poll
 * waits through the moment an instance is still finding out that Redis went away or came back.
 */
async function readiness(instance: Instance): Promise<Record<string, string>> {
  const res = await fetch(`${instance.url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as Record<string, string>;
  return res.status === 200 ? body : { status: `http ${res.status}`, detail: JSON.stringify(body) };
}

/** A signup kept: delivered while the reader waited (201), or on its way (202) when the worker is slower. */
const accepted = (status: number) => status === 201 || status === 202;

test("the per-client newsletter limit is shared: the 21st signup from one client is refused whichever instance gets it", async () => {
  for (const last of [A, B]) {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await subscribe(i % 2 ? A : B, client, "shared")).status);
    expect(statuses.every(accepted)).toBe(true);
    const refused = await subscribe(last, client, "shared");
    expect(refused.status, `21st signup on ${last.name}`).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});

test("logout on A: the same cookie gets 401 on B within 5 s", async () => {
  const { session } = await signIn(A);
  const onB = () =>
    fetch(`${B.url}/api/admin/team-members`, {
      headers: { cookie: session },
      signal: AbortSignal.timeout(5_000),
    });
  expect((await onB()).status).toBe(200);
  const logout = await post(A, "/api/admin/logout", {}, { cookie: session });
  expect(logout.status).toBe(200);
  const start = Date.now();
  await expect.poll(async () => (await onB()).status, { timeout: 5_000, intervals: [100] }).toBe(401);
  expect(Date.now() - start).toBeLessThan(5_000);
  // The admin page on B sends it to the login page too.
  const pageOnB = await fetch(`${B.url}/admin/members`, { headers: { cookie: session }, redirect: "manual" });
  expect(pageOnB.status).toBeGreaterThanOrEqual(300);
  expect(pageOnB.headers.get("location")).toContain("/admin/login");
});

test("an admin write on A shows in B's member search on the next view", async () => {
  const { session } = await signIn(A);
  const [target] = await members(B, session, "example");
  expect(target, "a member to rename").toBeDefined();
  // B now holds its copy of every member.
  expect((await members(B, session, target!.email)).map((m) => m.id)).toEqual([target!.id]);
  const renamed = `Renamed${RUN}`;
  const patch = await fetch(`${A.url}/api/admin/team-members/${target!.id}`, {
    method: "PATCH",
    headers: { cookie: session, "content-type": "application/json", origin: cluster.siteUrl },
    body: JSON.stringify({ firstName: renamed }),
  });
  expect(patch.status).toBe(200);
  expect((await members(B, session, renamed)).map((m) => m.id)).toEqual([target!.id]);
});

test("Redis stopped: limits still apply on each instance (insurance), admins keep working; Redis back: shared again", async () => {
  const { session } = await signIn(A);
  await cluster.redis!.stop();
  await expect.poll(async () => (await readiness(A)).status, { timeout: 10_000 }).toBe("degraded");
  await expect
    .poll(() => readiness(B), { timeout: 10_000 })
    .toEqual({ status: "degraded", state: "redis", redis: "down" });

  // The per-client limit still holds, counted by each instance on its own.
  const client = freshClient();
  const onA: number[] = [];
  for (let i = 0; i < 21; i++) onA.push((await subscribe(A, client, "outage")).status);
  expect(onA.slice(0, 20).every(accepted)).toBe(true);
  expect(onA[20]).toBe(429);
  // Admins keep working: a page, a search, a new sign-in.
  expect((await members(B, session, "example")).length).toBeGreaterThan(0);
  await signIn(B);

  await cluster.redis!.restart();
  await expect.poll(async () => (await readiness(A)).redis, { timeout: 10_000 }).toBe("up");
  await expect.poll(async () => (await readiness(B)).redis, { timeout: 10_000 }).toBe("up");
  const again = freshClient();
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await subscribe(i % 2 ? A : B, again, "back")).status);
  expect(statuses.every(accepted)).toBe(true);
  expect((await subscribe(A, again, "back")).status).toBe(429);
});

// Last: it locks the demo account for strangers in this cluster's Redis.
test("sign-in failures count across instances; the admin's own browser still signs in (device cookie)", async () => {
  const { device } = await signIn(B);
  for (let i = 0; i < 10; i++) {
    const res = await post(
      i % 2 ? A : B,
      "/api/admin/login",
      { email: DEMO_ADMIN_EMAIL, password: `wrong-${i}` },
      { "x-forwarded-for": freshClient() },
    );
    expect(res.status).toBe(401);
  }
  for (const instance of [A, B]) {
    const stranger = await post(
      instance,
      "/api/admin/login",
      { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
      { "x-forwarded-for": freshClient() },
    );
    expect(stranger.status, `a stranger with the right password on ${instance.name}`).toBe(429);
  }
  const admin = await post(
    A,
    "/api/admin/login",
    { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
    { "x-forwarded-for": freshClient(), cookie: device },
  );
  expect(admin.status).toBe(200);
});
