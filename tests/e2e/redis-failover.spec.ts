import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn as adminSignIn } from "../helpers/admin-sign-in";
import { oneClientPerNetwork } from "../helpers/client-addresses";
import { jsonPostHeaders } from "../helpers/json-post";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";
import { oneShot, startRedisNode, startSentinelGroup, type SentinelGroup } from "../helpers/redis-group";
import { sleep, until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * Two `next start` processes on REDIS_SENTINELS (a primary, one replica, three Sentinels, all
 * real redis-server processes), the workspace failing so every signup waits in a store. The
 * primary is killed with SIGKILL right after the 20th accepted signup while signups and page
 * views go on through both instances for 20 s; then no page view failed, every signup answered
 * 2xx arrives exactly once when the workspace is back, signups were accepted again within 30 s,
 * and an admin session and a logout made during the failover hold on both instances. Also: an
 * instance refuses to start against a Redis whose maxmemory-policy is allkeys-lru.
 */

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
let group: SentinelGroup;
let cluster: Cluster;
let A: Instance;
let B: Instance;
let storeDir: string;
const nextClient = oneClientPerNetwork("198.19");
let counter = 0;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  group = await startSentinelGroup();
  storeDir = mkdtempSync(path.join(tmpdir(), "masthead-e2e-failover-"));
  cluster = await startCluster({
    instances: 2,
    redis: false,
    env: {
      TRUST_PROXY: "1",
      REDIS_SENTINELS: group.sentinelList,
      REDIS_SENTINEL_NAME: group.name,
      DELIVERY_STORE_PATH: path.join(storeDir, "signups.sqlite"),
    },
  });
  [A, B] = cluster.instances as [Instance, Instance];
});

test.afterAll(async () => {
  await workspace.setFault(cluster.workspaceUrl, null).catch(() => undefined);
  await cluster?.stop();
  await group?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    for (const i of cluster.instances)
      console.log(`--- ${i.name} ---\n${i.logs().split("\n").slice(-40).join("\n")}`);
});

type Answer = { email: string; status: number; at: number };

async function signup(instance: Instance, tag: string): Promise<Answer> {
  const email = `${tag}-${RUN}-${++counter}@example.org`;
  const res = await fetch(`${instance.url}/api/newsletter`, {
    method: "POST",
    headers: jsonPostHeaders(cluster.siteUrl, { "x-forwarded-for": nextClient() }),
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return { email, status: res.status, at: Date.now() };
}

async function view(instance: Instance, p: string): Promise<number> {
  try {
    const res = await fetch(`${instance.url}${p}`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The workspace refuses signups (503) and nothing else: an admin's sign-in asks it too. */
const failSignupsAtWorkspace = () =>
  workspace.setFault(cluster.workspaceUrl, {
    mode: "status",
    status: 503,
    pathPrefix: "/api/external/v2/email-subscriptions",
  });

/**
 * The workspace answers again; one signup straight through ends the workers' outage hold. The
 * queue may first wait out a backoff of up to a minute (lib/delivery/attempt.ts's cap).
 */
async function workspaceBack(): Promise<void> {
  await workspace.setFault(cluster.workspaceUrl, null);
  await until(async () => (await signup(A, "probe")).status === 201, {
    what: "a signup to reach the workspace directly",
    timeoutMs: 90_000,
    intervalMs: 1_000,
  });
}

const membersStatus = async (instance: Instance, cookie: string) =>
  (
    await fetch(`${instance.url}/api/admin/team-members`, {
      headers: { cookie, accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    })
  ).status;

test("a primary killed during a burst of signups: no page view fails, no accepted signup is lost or sent twice", async () => {
  test.setTimeout(300_000);
  const signIn = (instance: Instance) =>
    adminSignIn(instance.url, { client: nextClient(), origin: cluster.siteUrl });
  const before = await signIn(A);
  // Only signups fail at the workspace: an admin's sign-in asks it too, and must work.
  await failSignupsAtWorkspace();

  const answers: Answer[] = [];
  for (let i = 0; i < 20; i++) answers.push(await signup(i % 2 ? B : A, "before"));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));

  await group.primary.kill9();
  const killedAt = Date.now();
  const views: { instance: string; path: string; status: number }[] = [];
  const paths = ["/", "/blog", "/feed.xml"];
  let during: { session: string } | undefined;
  let loggedOut = false;
  let i = 0;
  while (Date.now() - killedAt < 20_000) {
    const instance = i % 2 ? B : A;
    const [answer, ...statuses] = await Promise.all([
      signup(instance, "during"),
      ...paths.map((p) => view(instance, p)),
    ]);
    answers.push(answer);
    paths.forEach((p, k) => views.push({ instance: instance.name, path: p, status: statuses[k]! }));
    // An admin signs in on B, and the earlier session logs out on A, while the Sentinels switch.
    if (!during && Date.now() - killedAt > 1_000) during = await signIn(B);
    if (!loggedOut && Date.now() - killedAt > 1_500) {
      const res = await fetch(`${A.url}/api/admin/logout`, {
        method: "POST",
        headers: jsonPostHeaders(cluster.siteUrl, { cookie: before.session }),
        body: "{}",
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      // Refused at once on the instance that logged it out, whatever Redis is doing.
      expect(await membersStatus(A, before.session)).toBe(401);
      loggedOut = true;
    }
    i++;
    await sleep(150);
  }

  expect(views.filter((v) => v.status !== 200)).toEqual([]);
  const after = answers.slice(20);
  expect(after.filter((a) => a.status !== 202 && a.status !== 503)).toEqual([]);
  const firstAccepted = after.find((a) => a.status === 202);
  expect(firstAccepted, "a signup accepted after the kill").toBeDefined();
  expect(firstAccepted!.at - killedAt).toBeLessThan(30_000);

  // The session made during the failover works on both; the one logged out is refused on both.
  for (const instance of [A, B]) {
    await expect
      .poll(() => membersStatus(instance, before.session), { timeout: 10_000, intervals: [250] })
      .toBe(401);
    expect(await membersStatus(instance, during!.session)).toBe(200);
  }

  // A signup is handed to the queue once a replica holds it: with the killed server back as a
  // replica, the ones kept in the instances' files meanwhile go too.
  await group.primary.restart();
  await until(
    async () => {
      const now = await group.primaryNow();
      const info = now
        ? ((await oneShot(Number(now.split(":")[1]), (c) => c.info("replication"))) ?? "")
        : "";
      return /connected_slaves:1/.test(info) && /state=online/.test(info);
    },
    { what: "the killed server to be a replica again", timeoutMs: 60_000, intervalMs: 250 },
  );
  await workspaceBack();
  const accepted = answers.filter((a) => a.status === 202);
  let counts: number[] = [];
  await until(
    async () => {
      counts = await Promise.all(
        accepted.map(async (a) => (await workspace.outbox(cluster.workspaceUrl, a.email)).length),
      );
      return counts.every((n) => n >= 1);
    },
    {
      what: "every accepted signup's verification email",
      timeoutMs: 120_000,
      intervalMs: 1_000,
      detail: () => `${counts.filter((n) => n === 0).length} of ${accepted.length} missing`,
    },
  );
  await sleep(2_000);
  counts = await Promise.all(
    accepted.map(async (a) => (await workspace.outbox(cluster.workspaceUrl, a.email)).length),
  );
  expect(counts.filter((n) => n !== 1)).toEqual([]);
  console.info(
    `[e2e failover] page views ${views.length}, failed 0; signups after the kill ${after.length}: ` +
      `2xx ${after.filter((a) => a.status === 202).length}, 503 ${after.filter((a) => a.status === 503).length}; ` +
      `first 2xx ${firstAccepted!.at - killedAt} ms after the kill; accepted ${accepted.length}, each delivered once`,
  );
});

test("Redis at its memory limit: page views stay 200, no signup gets a 500, and each accepted one arrives once", async () => {
  test.setTimeout(180_000);
  const primary = await group.primaryNow();
  const port = Number(primary!.split(":")[1]);
  await failSignupsAtWorkspace();
  // Other data fills the primary past a limit then set below it: every write is refused (OOM).
  await oneShot(port, async (c) => {
    const blob = "x".repeat(1024);
    for (let i = 0; i < 3000; i += 500)
      await c.mset(Object.fromEntries(Array.from({ length: 500 }, (_, j) => [`filler:${i + j}`, blob])));
    const used = Number(/used_memory:(\d+)/.exec(await c.info("memory"))![1]);
    await c.config("SET", "maxmemory", String(Math.floor(used / 2)));
  });
  const answers: Answer[] = [];
  const statuses: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 ? B : A;
      answers.push(await signup(instance, "full"));
      for (const p of ["/", "/blog", "/feed.xml"]) statuses.push(await view(instance, p));
    }
  } finally {
    await oneShot(port, (c) => c.config("SET", "maxmemory", "0"));
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  expect(answers.filter((a) => a.status !== 202 && a.status !== 503)).toEqual([]);
  await workspaceBack();
  const accepted = answers.filter((a) => a.status === 202);
  const emails = () =>
    Promise.all(accepted.map(async (a) => (await workspace.outbox(cluster.workspaceUrl, a.email)).length));
  await until(async () => (await emails()).every((n) => n >= 1), {
    what: "every accepted signup's verification email",
    timeoutMs: 60_000,
    intervalMs: 1_000,
  });
  await sleep(2_000);
  expect((await emails()).filter((n) => n !== 1)).toEqual([]);
  console.info(
    `[e2e full] page views ${statuses.length}, failed 0; signups ${answers.length}: 2xx ${accepted.length}, ` +
      `503 ${answers.filter((a) => a.status === 503).length}, 500 0; each accepted one delivered once`,
  );
});

test("an instance refuses to start against a Redis whose maxmemory-policy is allkeys-lru", async () => {
  test.setTimeout(180_000);
  const lru = await startRedisNode({ args: ["--maxmemory-policy", "allkeys-lru"] });
  try {
    const started = startCluster({ instances: 1, redis: false, env: { REDIS_URL: lru.url } });
    const error = await started.then(
      async (c) => {
        await c.stop();
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/exited \(1\)/);
    expect(error?.message).toContain("maxmemory-policy is allkeys-lru");
  } finally {
    await lru.stop();
  }
});
