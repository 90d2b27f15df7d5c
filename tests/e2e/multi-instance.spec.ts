import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { DEMO_REVALIDATE_SECRET } from "../../lib/config/schema";
import { signIn } from "../helpers/admin-sign-in";
import { startCluster, type Cluster, type Instance } from "../helpers/multi-instance";
import { until } from "../helpers/until";

/*
 * Two `next start` processes on one build, one Redis, one local workspace: Next's
 * cache is shared, a revalidation on one instance reaches the other (pages and the in-process
 * post list), and a Redis outage costs sharing, never pages; the revalidation says so.
 * The cluster is this file's own (tests/helpers/multi-instance.ts), not Playwright's site.
 */

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
let cluster: Cluster;
let A: Instance;
let B: Instance;

const revalidate = (instance: Instance) =>
  fetch(`${instance.url}/api/revalidate`, {
    method: "POST",
    headers: { authorization: `Bearer ${DEMO_REVALIDATE_SECRET}` },
    signal: AbortSignal.timeout(10_000),
  });

async function page(instance: Instance, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${instance.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
}

async function renamePost(slug: string, title: string): Promise<void> {
  const res = await fetch(`${cluster.workspaceUrl}/__local/posts/${encodeURIComponent(slug)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  expect(res.status, "renaming a post in the local workspace").toBe(200);
}

/** Polls `path` on `instance` until its text contains `needle`. */
async function shows(instance: Instance, path: string, needle: string, withinMs: number): Promise<void> {
  let last = "";
  await until(
    async () => {
      const { status, text } = await page(instance, path);
      last = `${status}`;
      return status === 200 && text.includes(needle);
    },
    {
      what: `${instance.name}${path} to show "${needle}"`,
      timeoutMs: withinMs,
      intervalMs: 100,
      detail: () => `last status ${last}`,
    },
  );
}

/** The first post on /blog: its slug and title. */
async function firstPost(instance: Instance): Promise<{ slug: string; title: string }> {
  const { text } = await page(instance, "/blog");
  const match = /<a[^>]+href="\/blog\/([^"/?#]+)"[^>]*>([^<]+)<\/a>/.exec(text);
  expect(match, "a post link on /blog").not.toBeNull();
  return { slug: match![1]!, title: match![2]! };
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  cluster = await startCluster({ instances: 2 });
  [A, B] = cluster.instances as [Instance, Instance];
});

test.afterAll(async () => {
  await cluster?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const i of cluster?.instances ?? []) console.log(`--- instance ${i.name}\n${i.logs().slice(-4000)}`);
  }
});

test("one build, two instances: both serve the build's pages; a 404 of an unknown address stays out of Redis", async () => {
  for (const instance of [A, B]) {
    for (const path of ["/", "/blog", "/feed.xml", "/sitemap.xml"]) {
      expect((await page(instance, path)).status, `${instance.name} ${path}`).toBe(200);
    }
  }
  const { slug } = await firstPost(A);
  expect((await page(B, `/blog/${slug}`)).status).toBe(200);

  const unknown = `no-such-post-${RUN}`;
  for (const instance of [A, B]) {
    expect((await page(instance, `/blog/${unknown}`)).status).toBe(404);
    expect((await page(instance, `/blog/${unknown}`)).status).toBe(404);
  }
  const redis = new Redis(cluster.redis!.url, { lazyConnect: true });
  try {
    await redis.connect();
    const keys = await redis.keys("*");
    expect(keys.length, "the cache handler writes to Redis").toBeGreaterThan(0);
    expect(keys.filter((k) => k.includes(unknown))).toEqual([]);
  } finally {
    redis.disconnect();
  }
});

test("a revalidation on A reaches B within 5 s, including B's in-process post list", async () => {
  // B renders something on request first, so it holds its own copy of the post list.
  expect((await page(B, `/blog/no-such-post-${RUN}-memo`)).status).toBe(404);
  const { slug } = await firstPost(B);
  const title = `Renamed on the workspace ${RUN}`;
  await renamePost(slug, title);

  const started = Date.now();
  const res = await revalidate(A);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ revalidated: true, reachedAllInstances: true });
  await shows(B, "/blog", title, 5_000 - (Date.now() - started));
  await shows(B, `/blog/${slug}`, title, 5_000 - (Date.now() - started));
  expect(Date.now() - started).toBeLessThan(5_000);
  await shows(A, "/blog", title, 5_000);
});

test("Redis stopped: both instances answer 200, and the revalidation and the admin's refresh say it may not reach every instance", async () => {
  const { cookies: cookie } = await signIn(A.url);
  const { slug } = await firstPost(A);

  await cluster.redis!.stop();
  for (const instance of [A, B]) {
    for (const path of [
      "/",
      "/blog",
      `/blog/${slug}`,
      "/feed.xml",
      "/sitemap.xml",
      `/blog/no-such-post-${RUN}-down`,
    ]) {
      const { status } = await page(instance, path);
      expect(status, `${instance.name} ${path} with Redis down`).toBe(path.includes("no-such") ? 404 : 200);
    }
  }

  const title = `Renamed during the outage ${RUN}`;
  await renamePost(slug, title);
  const res = await revalidate(A);
  expect(res.status).toBe(503);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ revalidated: true, reachedAllInstances: false });
  expect(String(body.error)).toMatch(/other servers may keep showing the old posts/);

  const refresh = await fetch(`${A.url}/api/admin/blog/refresh`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: A.url, cookie },
    body: "{}",
  });
  expect(refresh.status).toBe(503);
  expect(await refresh.json()).toMatchObject({
    reachedAllInstances: false,
    error: expect.stringMatching(/shared cache \(Redis\) is unreachable/),
  });

  // The instance that was asked refreshes all the same.
  await shows(A, "/blog", title, 5_000);
  expect((await page(B, "/blog")).status).toBe(200);
});

test("Redis back: the outage's revalidation reaches B, and revalidations are shared again", async () => {
  await cluster.redis!.restart();
  const { slug } = await firstPost(A);
  // A replays the revalidation it could not share as soon as it reconnects (backoff <= 2 s).
  await shows(B, "/blog", `Renamed during the outage ${RUN}`, 10_000);

  let res: Response | undefined;
  await until(
    async () => {
      await renamePost(slug, `Renamed after the outage ${RUN}`);
      res = await revalidate(A);
      return res.status === 200;
    },
    { what: "a revalidation that reaches Redis again", timeoutMs: 10_000, intervalMs: 250 },
  );
  expect(res?.status).toBe(200);
  expect(await res!.json()).toMatchObject({ reachedAllInstances: true });
  await shows(B, `/blog/${slug}`, `Renamed after the outage ${RUN}`, 5_000);
});
