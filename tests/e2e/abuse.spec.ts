import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";

/*
 * Abuse that would cost the site more than the attacker (docs/security.md), over real HTTP:
 * bodies, HSTS and local-mode hosts on a second `next start` of the e2e build (its PID for
 * memory, and run with an https SITE_URL the build never saw); visitors' query strings and
 * image query strings on the suite's own server.
 */

const SITE = `http://localhost:${E2E_PORT}`;
const DIST_DIR = path.resolve(__dirname, "../..", process.env.E2E_DIST_DIR ?? ".next-e2e");
const PUBLIC_SITE_URL = "https://www.example.org";
const MB = 1024 * 1024;

let server: SecondServer;

test.beforeAll(async () => {
  server = await startSecondServer({}, { siteUrl: () => PUBLIC_SITE_URL });
});

test.afterAll(async () => {
  await server?.stop();
});

async function firstPostPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/blog`)).text();
  const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(html)?.[1];
  expect(slug, "a post linked from /blog").toBeTruthy();
  return `/blog/${slug}`;
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

type Upload = { status: number | string; sentWhenAnswered: number };

/** Sends `bytes` of filler as fast as the server takes it; notes how much was sent when the answer came. */
function upload(
  port: number,
  method: string,
  target: string,
  bytes: number,
  headers: Record<string, string>,
): Promise<Upload> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let answered: Upload | undefined;
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: target,
      method,
      headers: { "content-type": "application/json", "content-length": String(bytes), ...headers },
    });
    req.on("response", (res) => {
      answered = { status: res.statusCode ?? 0, sentWhenAnswered: sent };
      res.resume();
      res.on("end", () => resolve(answered!));
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve(answered ?? { status: e.code ?? "error", sentWhenAnswered: sent }),
    );
    const pump = () => {
      while (sent < bytes && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

test("40 concurrent 10 MB bodies to admin and public paths: admin refused unread, no 5xx, memory far below the bodies' 400 MB", async () => {
  test.setTimeout(180_000);
  const post = await firstPostPath(server.url);
  // Warm every route first, so what is measured is the uploads, not first renders.
  for (const p of ["/", post, "/search?q=blog", "/admin/login"]) await fetch(`${server.url}${p}`);
  const before = rssMiB(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 100);
  const origin = { origin: `http://127.0.0.1:${server.port}` };
  const targets = [
    { method: "POST", path: "/api/admin/team-members" },
    { method: "PATCH", path: "/api/admin/team-members/some-id" },
    { method: "POST", path: "/admin/members" },
    { method: "POST", path: post },
    { method: "POST", path: "/api/newsletter" },
  ];
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) => targets[i % targets.length]!).map(async (t) => ({
      ...t,
      ...(await upload(server.port, t.method, t.path, 10 * MB, origin)),
    })),
  );
  clearInterval(sampler);
  for (const r of results) {
    expect(typeof r.status === "number" && r.status < 500, `${r.path}: ${r.status}`).toBe(true);
    if (r.path.startsWith("/api/admin")) {
      expect([401, 413], r.path).toContain(r.status);
      // Answered while the body was still arriving: nobody read 10 MB to say "not signed in".
      expect(r.sentWhenAnswered, r.path).toBeLessThan(10 * MB);
    }
    if (r.path === "/admin/members") expect([307, 401, 413], r.path).toContain(r.status);
  }
  const statuses = Object.fromEntries(
    targets.map((t) => [t.path, results.filter((r) => r.path === t.path).map((r) => r.status)]),
  );
  console.log(
    `40 x 10 MB: RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB; ${JSON.stringify(statuses)}`,
  );
  // Read, the 40 bodies would be 400 MiB on top (150 × 10 MB once took the server from 844 to
  // 1,895 MiB). Unread, what remains is the connections, eight page renders and the heap's own
  // growth: 88-110 MiB across runs on two busy cores, so the bound sits well clear of that noise
  // and far below what reading the bodies costs.
  expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`).toBeLessThan(150);
});

test("HSTS follows the SITE_URL the server runs with, not the one it was built with", async () => {
  // The e2e build was made without SITE_URL; this server runs with an https one.
  const post = await firstPostPath(server.url);
  for (const p of ["/", post, "/api/health", "/no-such-page", "/admin/login"]) {
    const res = await fetch(`${server.url}${p}`, { redirect: "manual" });
    expect(res.headers.get("strict-transport-security"), p).toBe("max-age=63072000; includeSubDomains");
  }
  // The suite's own server (http://localhost) never sends it.
  expect((await fetch(`${SITE}/`)).headers.get("strict-transport-security")).toBeNull();
});

test("local mode signs in and writes only for its own hosts: a rebound name is another site", async () => {
  const rebound = `rebind.evil.example:${server.port}`;
  const credentials = JSON.stringify({ email: "admin@example.com", password: "masthead-demo" });
  const login = (host: string) =>
    new Promise<{ status: number; cookie: boolean }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/api/admin/login",
          method: "POST",
          headers: {
            host,
            origin: `http://${host}`,
            "content-type": "application/json",
            accept: "application/json",
          },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, cookie: Boolean(res.headers["set-cookie"]) });
        },
      );
      req.on("error", reject);
      req.end(credentials);
    });
  const evil = await login(rebound);
  expect(evil.status).toBe(403);
  expect(evil.cookie).toBe(false);
  const own = await login(`127.0.0.1:${server.port}`);
  expect(own.status).toBe(200);
  expect(own.cookie).toBe(true);
});

test("a visitor's query string never reaches the cached page, on the regenerating request or after", async () => {
  const post = await firstPostPath(SITE);
  const clean = await (await fetch(`${SITE}${post}`)).text();
  const marker = `zzpoison${Date.now()}`;
  const poison = `${marker}${"x".repeat(15_000)}`;
  const revalidated = await fetch(`${SITE}/api/revalidate`, {
    method: "POST",
    headers: { authorization: "Bearer masthead-local-demo-revalidate-secret" },
  });
  expect(revalidated.status).toBe(200);
  // The first view after the revalidation renders the page again, with this request's address.
  const regenerating = await (await fetch(`${SITE}${post}?zz=${poison}&utm_source=${marker}`)).text();
  expect(regenerating).not.toContain(marker);
  for (let i = 0; i < 3; i++) {
    const later = await (await fetch(`${SITE}${post}`)).text();
    expect(later).not.toContain(marker);
    expect(Math.abs(later.length - clean.length), "page size").toBeLessThan(2_000);
  }
  // Search still reads its own query.
  expect(await (await fetch(`${SITE}/search?q=blog`)).text()).toContain("Results for");
});

test("`_rsc` (however it is written) never brings a visitor's text into a cached page", async () => {
  const post = await firstPostPath(SITE);
  const revalidate = async () => {
    const res = await fetch(`${SITE}/api/revalidate`, {
      method: "POST",
      headers: { authorization: "Bearer masthead-local-demo-revalidate-secret" },
    });
    expect(res.status).toBe(200);
  };
  for (const [path, param] of [
    [post, "_rsc"],
    [post, "%5Frsc"],
    ["/", "_rsc"],
  ] as const) {
    const clean = await (await fetch(`${SITE}${path}`)).text();
    const marker = `MARK${Date.now()}`;
    await revalidate();
    // The first view after the revalidation renders the page again, with this request's address.
    const regenerating = await fetch(`${SITE}${path}?${param}=${marker}${"Z".repeat(16_000)}`);
    expect(regenerating.status, `${path}?${param}`).toBe(200);
    expect(await regenerating.text()).not.toContain(marker);
    for (let i = 0; i < 3; i++) {
      const later = await (await fetch(`${SITE}${path}`)).text();
      expect(later, `${path}?${param}`).not.toContain(marker);
      expect(Math.abs(later.length - clean.length), `${path}?${param}: page size`).toBeLessThan(2_000);
    }
  }
});

test("optimised images: no query strings on allowed hosts, so ?v=N mints no copies on disk", async () => {
  const html = await (await fetch(`${SITE}${await firstPostPath(SITE)}`)).text();
  const src = /\/_next\/image\?url=([^&"]+)/.exec(html)?.[1];
  expect(src, "an optimised image on a post page").toBeTruthy();
  const image = decodeURIComponent(src!);
  const optimise = (url: string) => fetch(`${SITE}/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
  expect((await optimise(image)).status).toBe(200);
  const cacheDir = path.join(DIST_DIR, "cache", "images");
  const copies = () => readdirSync(cacheDir).length;
  const before = copies();
  for (let v = 0; v < 30; v++) {
    const res = await optimise(`${image}?v=${v}`);
    expect(res.status).toBe(400);
  }
  expect(copies()).toBe(before);
});

test("optimised images: a `#N` fragment names the same image, so it mints no copies on disk either", async () => {
  const html = await (await fetch(`${SITE}${await firstPostPath(SITE)}`)).text();
  const image = decodeURIComponent(/\/_next\/image\?url=([^&"]+)/.exec(html)![1]!);
  const optimise = (url: string) => fetch(`${SITE}/_next/image?url=${encodeURIComponent(url)}&w=1200&q=75`);
  const plain = await optimise(image);
  expect(plain.status).toBe(200);
  const bytes = Buffer.from(await plain.arrayBuffer());
  const cacheDir = path.join(DIST_DIR, "cache", "images");
  const copies = () => readdirSync(cacheDir).length;
  const before = copies();
  for (let n = 0; n < 30; n++) {
    const res = await optimise(`${image}#${n}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes), `#${n}: the same image`).toBe(true);
  }
  expect(copies()).toBe(before);
});

test("optimised images: other spellings of one image URL (userinfo, escaped letters, localhost, a bare ?) mint no new copies", async () => {
  const html = await (await fetch(`${SITE}${await firstPostPath(SITE)}`)).text();
  const image = decodeURIComponent(/\/_next\/image\?url=([^&"]+)/.exec(html)![1]!);
  const url = new URL(image);
  expect(url.hostname, "the local workspace's images, spelled as configured").toBe("127.0.0.1");
  const optimise = (u: string) => fetch(`${SITE}/_next/image?url=${encodeURIComponent(u)}&w=828&q=75`);
  const cacheDir = path.join(DIST_DIR, "cache", "images");
  const copies = () => readdirSync(cacheDir).length;
  const before = copies();
  const plain = await optimise(image);
  expect(plain.status).toBe(200);
  const bytes = Buffer.from(await plain.arrayBuffer());
  // The last path segment's first letter, percent-encoded (upper and lower case hex).
  const slash = image.lastIndexOf("/") + 1;
  const letter = image.charCodeAt(slash).toString(16);
  const escaped = (hex: string) => `${image.slice(0, slash)}%${hex}${image.slice(slash + 1)}`;
  const spellings = [];
  for (let n = 0; n < 10; n++) {
    spellings.push(image.replace("http://", `http://u${n}@`));
    spellings.push(image.replace("http://", `http://u${n}:p${n}@`));
  }
  spellings.push(escaped(letter.toLowerCase()), escaped(letter.toUpperCase()));
  spellings.push(image.replace("127.0.0.1", "localhost"), image.replace("127.0.0.1", "LOCALHOST"));
  spellings.push(`${image}?`, image.replace("127.0.0.1", "localhost").replace("http://", "http://u@") + "?");
  for (const spelling of spellings) {
    const res = await optimise(spelling);
    expect(res.status, spelling).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes), `${spelling}: the same image`).toBe(true);
  }
  // The plain URL's own copy at this width, at most (none if an earlier test made it).
  expect(copies() - before).toBeLessThanOrEqual(1);
});
