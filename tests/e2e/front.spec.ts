import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { DEMO_REVALIDATE_SECRET } from "../../lib/config/schema";
import {
  revalidationDelayMs,
  rollingRestart,
  send,
  signup as signupTo,
  steadyLoad,
  verificationsPerAddress,
} from "../helpers/front-load";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";
import { startFront, type Front } from "../helpers/nginx";
import { freePort } from "../helpers/redis-server";
import { sleep, startOfSecond, until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * The production front (deploy/nginx/masthead.conf.template, deploy/README.md) as a team runs
 * it: Debian's nginx before two `npm run start:instance` on one build, one Redis, the local
 * workspace, TRUST_PROXY=1. What the edge caches and never caches, what it refuses, who the
 * client is, and a rolling restart under load with no failed request and every signup once.
 * Latency and throughput figures are in `npm run bench -- --only front`, not here.
 */

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
let cluster: Cluster;
let front: Front;
let A: Instance;
let B: Instance;

const signup = (email: string, from?: string, headers: Record<string, string> = {}) =>
  signupTo(front.url, email, from, headers);

async function firstPost(): Promise<{ slug: string; title: string }> {
  const { body } = await send(`${front.url}/blog`);
  const match = /<a[^>]+href="\/blog\/([^"/?#]+)"[^>]*>([^<]+)<\/a>/.exec(body);
  expect(match, "a post link on /blog").not.toBeNull();
  return { slug: match![1]!, title: match![2]! };
}

test.beforeAll(async () => {
  test.setTimeout(900_000);
  const port = await freePort();
  cluster = await startCluster({
    instances: 2,
    launcher: true,
    env: { TRUST_PROXY: "1", SITE_URL: `http://127.0.0.1:${port}`, SHUTDOWN_GRACE_SECONDS: "10" },
  });
  [A, B] = cluster.instances as [Instance, Instance];
  // deploy/README.md's upstream entries.
  front = await startFront({
    port,
    upstreams: cluster.instances.map((i) => `127.0.0.1:${i.port} max_fails=0`),
  });
});

test.afterAll(async () => {
  await front?.stop();
  await cluster?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const i of cluster?.instances ?? []) console.log(`--- instance ${i.name}\n${i.logs().slice(-4000)}`);
    console.log(`--- nginx\n${front?.errors().slice(-4000)}`);
  }
});

test("public pages come from the edge cache; a revalidation through the front shows within 2 s of the instances", async () => {
  await startOfSecond();
  await send(`${front.url}/blog`);
  const hit = await send(`${front.url}/blog`);
  expect(hit.status).toBe(200);
  expect(hit.headers["x-masthead-cache"]).toBe("HIT");

  // What the front adds to the instances' own delay: the instances alone first (one untimed
  // round warms the revalidation path), then through the front.
  const { slug } = await firstPost();
  const on = (site: string) => ({
    workspaceUrl: cluster.workspaceUrl,
    slug,
    secret: DEMO_REVALIDATE_SECRET,
    revalidateAt: site === front.url ? front.url : A.url,
    watch: [`${site}/blog`, `${site}/blog/${slug}`],
  });
  await revalidationDelayMs(on(B.url));
  const instances = await revalidationDelayMs(on(B.url));
  const viaFront = await revalidationDelayMs(on(front.url));
  console.log(
    `[front] new content ${instances} ms after a revalidation on the instances, ${viaFront} ms through the front`,
  );
  // Within 2 s where an instance renders the new pages quickly. Through the front the render is
  // asked for at the turn of the edge's second (at most a second later), then takes as long as on
  // the instances alone (plus polling).
  expect(viaFront).toBeLessThan(Math.max(2_000, 1_000 + 2 * instances + 300));
});

test("a post asked with 200 random query strings is one page at the edge: at most 2 new files, an instance asked no more than for plain views", async () => {
  const { slug } = await firstPost();
  await startOfSecond();
  await send(`${front.url}/blog/${slug}`, { from: "127.0.0.51" });
  const before = front.cachedFiles();
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      send(`${front.url}/blog/${slug}?r=${i}-${Math.random().toString(36).slice(2)}`, { from: "127.0.0.51" }),
    ),
  );
  expect(answers.filter((a) => a.status !== 200)).toEqual([]);
  expect(front.cachedFiles() - before, "files added to the front's cache folders").toBeLessThanOrEqual(2);
  // Each MISS is a request an instance answered: a plain view costs one a second.
  const reached = answers.filter((a) => a.headers["x-masthead-cache"] !== "HIT").length;
  expect(reached, "requests that reached an instance").toBeLessThanOrEqual(3);
});

test("never cached at the edge: admin, API, search, a signed-in admin; RSC and HTML keyed apart; static immutable", async () => {
  for (const path of ["/admin/login", "/api/health", "/api/health/ready", "/search?q=post"]) {
    for (let i = 0; i < 2; i++) {
      const res = await send(`${front.url}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(200);
      expect(res.headers["x-masthead-cache"], `${path} carries no cache status`).toBeUndefined();
    }
  }
  const asAdmin = await send(`${front.url}/blog`, { headers: { cookie: "masthead_admin=anything" } });
  expect(asAdmin.headers["x-masthead-cache"]).toBe("BYPASS");

  // An RSC request names its kind in `_rsc` (Next redirects there first, as a browser follows);
  // alternate the two kinds of answer for one address: each always gets its own.
  const rscGet = async (headers: Record<string, string>) => {
    const first = await send(`${front.url}/blog`, { headers });
    const location = first.status === 307 ? String(first.headers.location) : "/blog";
    return send(`${front.url}${location}`, { headers });
  };
  for (let i = 0; i < 3; i++) {
    const html = await send(`${front.url}/blog`, { headers: { accept: "text/html" } });
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.body).toMatch(/^<!DOCTYPE html>/i);
    const rsc = await rscGet({ rsc: "1" });
    expect(rsc.headers["content-type"]).toMatch(/^text\/x-component/);
    expect(rsc.body).not.toMatch(/^<!DOCTYPE html>/i);
    const htmlAtRscAddress = await send(`${front.url}/blog?_rsc`, { headers: { accept: "text/html" } });
    expect(htmlAtRscAddress.headers["content-type"] ?? "", "HTML asked at the RSC address").not.toMatch(
      /x-component/,
    );
  }
  const prefetch = await rscGet({ rsc: "1", "next-router-prefetch": "1" });
  expect(prefetch.headers["content-type"]).toMatch(/^text\/x-component/);
  const html = await send(`${front.url}/blog`);
  expect(html.headers["content-type"]).toMatch(/^text\/html/);

  const asset = /\/_next\/static\/[^"']+\.js/.exec(html.body)?.[0];
  expect(asset, "a script of the build on /blog").toBeTruthy();
  await send(`${front.url}${asset}`);
  const cached = await send(`${front.url}${asset}`);
  expect(cached.status).toBe(200);
  expect(cached.headers["cache-control"]).toContain("immutable");
  expect(cached.headers["x-masthead-cache"]).toBe("HIT");
});

test("the front refuses floods, oversized bodies and slow clients with short clear answers", async () => {
  // 200 concurrent sign-in attempts from one address: most stop at the front with 429.
  const attempts = await Promise.all(
    Array.from({ length: 200 }, () =>
      send(`${front.url}/api/admin/login`, {
        method: "POST",
        from: "127.0.0.21",
        headers: { "content-type": "application/json", accept: "application/json", origin: front.url },
        body: JSON.stringify({ email: "admin@example.com", password: "wrong" }),
      }),
    ),
  );
  // The front's own answer (the app's would name its outcome).
  const refused = attempts.filter(
    (a) => a.status === 429 && a.body.includes("Too many requests from your address"),
  );
  expect(refused.length, "refused by the front").toBeGreaterThanOrEqual(150);
  expect(attempts.filter((a) => a.status >= 500)).toEqual([]);
  expect(refused[0]!.headers["retry-after"]).toBe("10");
  expect(JSON.parse(refused[0]!.body)).toEqual({ error: expect.stringContaining("Too many requests") });
  // Meanwhile another reader is served.
  expect((await send(`${front.url}/blog`, { from: "127.0.0.22" })).status).toBe(200);

  // The newsletter's body limit is the app's own (4 KiB); a form post gets an HTML answer.
  const big = await send(`${front.url}/api/newsletter`, {
    method: "POST",
    from: "127.0.0.23",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", origin: front.url },
    body: `email=${"a".repeat(5000)}%40example.org`,
  });
  expect(big.status).toBe(413);
  expect(big.headers["content-type"]).toMatch(/^text\/html/);
  expect(big.body).toContain("<h1>This request is too large</h1>");

  // A client trickling its headers is cut off by the front (10 s), while readers are served.
  const started = Date.now();
  const closed = new Promise<number>((resolve) => {
    const socket = connect(front.port, "127.0.0.1", () => {
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      const trickle = setInterval(() => socket.write("X-Slow: 1\r\n"), 1_000);
      socket.on("close", () => {
        clearInterval(trickle);
        resolve(Date.now() - started);
      });
    });
    socket.on("error", () => {});
  });
  expect((await send(`${front.url}/`)).status).toBe(200);
  expect(await closed).toBeLessThan(15_000);
});

test("behind the front each reader has its own newsletter budget, and headers a reader writes change nothing", async () => {
  const readerA = "127.0.0.31";
  const readerB = "127.0.0.32";
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++)
    statuses.push((await signup(`budget-a-${RUN}-${i}@example.org`, readerA)).status);
  expect(
    statuses.slice(0, 20).every((s) => s === 201 || s === 202),
    `${statuses}`,
  ).toBe(true);
  const limited = await signup(`budget-a-${RUN}-x@example.org`, readerA);
  expect(limited.status).toBe(429);
  // The app's own budget (its answer names the outcome), not the front's.
  expect(JSON.parse(limited.body)).toMatchObject({ outcome: "rate_limited" });

  const forgeries: Record<string, string>[] = [
    { "x-forwarded-for": "198.51.100.7" },
    { "x-real-ip": "198.51.100.8" },
    { forwarded: "for=198.51.100.9" },
  ];
  for (const forged of forgeries) {
    const res = await signup(`budget-a-${RUN}-${Object.keys(forged)[0]}@example.org`, readerA, forged);
    expect(res.status, `with ${JSON.stringify(forged)}`).toBe(429);
  }
  expect([201, 202]).toContain((await signup(`budget-b-${RUN}@example.org`, readerB)).status);
});

test("a rolling restart under load: readiness drains, held requests finish, no failed request, every signup once", async () => {
  test.setTimeout(300_000);
  const { slug } = await firstPost();
  const load = steadyLoad({
    siteUrl: front.url,
    pages: ["/", "/blog", `/blog/${slug}`, "/newsletter", "/feed.xml"],
    emailPrefix: `roll-${RUN}`,
  });
  const held = new Map<string, Promise<number>>();
  const exits = await rollingRestart([A, B], {
    async beforeStop(instance) {
      // A signup the instance holds when it is told to stop (the workspace takes 1.5 s to answer).
      await workspace.setFault(cluster.workspaceUrl, {
        mode: "slow",
        delayMs: 1_500,
        pathPrefix: "/api/external/v2/email-subscriptions",
        count: 1,
      });
      const email = `held-${instance.name}-${RUN}@example.org`;
      const answer = send(`${instance.url}/api/newsletter`, {
        method: "POST",
        from: "127.0.2.1",
        headers: { "content-type": "application/json", accept: "application/json", origin: front.url },
        body: JSON.stringify({ email }),
      });
      held.set(
        email,
        answer.then(
          (a) => a.status,
          () => 0,
        ),
      );
      // Held at the workspace once the one slow answer is taken (the load's signups take the same
      // path, so one of theirs may take it first; the held one is then answered at once).
      await until(async () => (await workspace.currentFault(cluster.workspaceUrl)) === null, {
        what: "the held signup to reach the workspace",
        timeoutMs: 5_000,
      });
    },
    async whileStopping(instance) {
      // Readiness says "draining" at once, while the instance still answers.
      let readiness = "";
      await until(
        async () => {
          try {
            const res = await send(`${instance.url}/api/health/ready`, { timeoutMs: 2_000 });
            readiness = `${res.status} ${res.body}`;
            return res.status === 503;
          } catch {
            return false;
          }
        },
        { what: `${instance.name}'s readiness to say draining`, timeoutMs: 900, intervalMs: 10 },
      );
      expect(readiness).toContain('"draining"');
    },
  });
  for (const [email, status] of held)
    expect([201, 202], `the signup ${email} held during the shutdown is answered`).toContain(await status);
  // Deliberate: the load goes on against the restarted instances for a while before it stops.
  await sleep(2_000);
  const report = await load.stop();

  console.log(
    `[front] rolling restart: ${report.views} page views, ${report.accepted.length} signups, ` +
      `${report.failures.length} failed; ${exits.map((e) => `${e.instance} down ${e.downMs} ms`).join(", ")}`,
  );
  expect(exits.map((e) => e.exit)).toEqual([
    { code: 0, signal: null },
    { code: 0, signal: null },
  ]);
  expect(report.failures).toEqual([]);
  expect(report.views).toBeGreaterThan(50);
  expect(report.accepted.length).toBeGreaterThan(20);

  // Every accepted signup reaches the workspace exactly once (a verification email each).
  const accepted = [...report.accepted, ...held.keys()];
  await until(
    async () => (await verificationsPerAddress(cluster.workspaceUrl, accepted)).every((n) => n >= 1),
    {
      what: "every accepted signup delivered",
      timeoutMs: 60_000,
      intervalMs: 500,
    },
  );
  const counts = await verificationsPerAddress(cluster.workspaceUrl, accepted);
  expect(accepted.filter((_, i) => counts[i] !== 1)).toEqual([]);
});

test("the last good copies' socket passes no sign-in, and a socket left by a killed nginx does not stop its restart", async () => {
  const signIn = {
    "content-type": "application/json",
    accept: "application/json",
    origin: front.url,
    host: new URL(front.url).host,
  };
  const body = JSON.stringify({ email: "admin@example.com", password: "masthead-demo" });
  // The demo sign-in sent straight to the socket, with an address of its own choosing, as a
  // local process that found the socket would send it, past the front's limits.
  const direct = await new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: front.socket,
        method: "POST",
        path: "/api/admin/login",
        headers: { ...signIn, "x-forwarded-for": "203.0.113.9" },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [] }),
        );
      },
    );
    req.once("error", reject);
    req.end(body);
  });
  expect(direct.status).toBe(403);
  expect(direct.cookies).toEqual([]);
  // The control: the same sign-in through the front's own port reaches the app, which answers
  // it (signed in, or refused for the sign-in flood above: either way not the socket's 403).
  const viaFront = await send(`${front.url}/api/admin/login`, {
    method: "POST",
    from: "127.0.0.41",
    headers: signIn,
    body,
  });
  expect(viaFront.status).not.toBe(403);
  expect(viaFront.headers["content-type"]).toMatch(/json/);

  await front.kill9();
  expect(existsSync(front.socket), "the killed nginx left its socket behind").toBe(true);
  await front.restart();
  const page = await send(`${front.url}/blog`);
  expect(page.status).toBe(200);
});
