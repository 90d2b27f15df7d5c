/*
 * `npm run bench`: Masthead's performance claims, measured side by side in one run.
 *
 * These machines are shared and noisy, so every figure that matters is a ratio between two
 * things measured in the same run (a 10,000-post build against a 100-post build, Next against
 * a static file server serving the same bytes, the newsletter route against a direct call to
 * the workspace, 10,000 members against 100). Prints a table and writes
 * bench-results/latest.json. Loopback only; every loop is bounded in count and time.
 *
 *   npm run bench                 # builds at 100, 1,000 and 10,000 posts (~15-25 min on 2 cores)
 *   npm run bench -- --quick      # 100 and 1,000 posts only
 *   npm run bench -- --skip-lighthouse
 *   npm run bench -- --only search   # one section (comma-separated for several): builds,
 *                                    # page-views, weight, newsletter, javascript, lighthouse,
 *                                    # search, admin, security (bench/security.ts),
 *                                    # instances, delivery (bench/delivery.ts, no build),
 *                                    # serving (bench/serving.ts: Masthead against a bare
 *                                    # Next app, each its own build);
 *                                    # without "builds" only the 100-post build is made,
 *                                    # and "instances" or "serving" alone make only their own
 *                                    # (--skip-lighthouse also skips javascript)
 *
 * weight: decoded HTML bytes of /, /blog and a post (and where they go), RSC (prefetch)
 * requests during a view in Chromium, and the post page's req/s against robots.txt on the
 * same next start. javascript: script bytes of each page against the not-found page's.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/helpers/chromium";
import {
  measurePageWeight,
  pageWeightTargets,
  throughputRatio,
  type PageWeight,
  type ThroughputRatio,
} from "./page-weight";
import {
  ROOT,
  DEMO_KEY,
  countPrerendered,
  installCleanup,
  loadRun,
  log,
  mib,
  measuredNextBuild,
  percentile,
  resetWorkspaceStats,
  sleep,
  startSite,
  startStaticServer,
  startWorkspace,
  stopAll,
  workspaceStats,
  type AutocannonSummary,
  type SiteProcess,
  type WorkspaceProcess,
} from "./lib";
import { instancesBench, instancesRows, instancesTargets, type InstancesBenchResult } from "./instances";
import {
  searchInProcessChild,
  searchOverHttp,
  searchRows,
  searchTargets,
  type SearchBenchResult,
} from "./search";
import { securityBench, securityTables, securityTargets, type SecurityBenchResult } from "./security";
import { benchDelivery, deliveryTable, deliveryTargets, type DeliveryBench } from "./delivery";
import { servingBench, servingRows, servingTargets, type ServingBenchResult } from "./serving";

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "keep-builds": { type: "boolean", default: false },
    only: { type: "string" },
  },
  strict: true,
});

const SECTIONS = [
  "builds",
  "page-views",
  "weight",
  "newsletter",
  "javascript",
  "lighthouse",
  "search",
  "admin",
  "security",
  "instances",
  "delivery",
  "serving",
] as const;
const only = flags.only?.split(",").map((s) => s.trim());
for (const s of only ?? [])
  if (!(SECTIONS as readonly string[]).includes(s))
    throw new Error(`--only ${s}: not a section; use one or more of ${SECTIONS.join(", ")}`);
const wants = (section: (typeof SECTIONS)[number]) =>
  only
    ? only.includes(section)
    : !(flags["skip-lighthouse"] && (section === "lighthouse" || section === "javascript"));

const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 3501);
const WS_PORT = Number(process.env.BENCH_WORKSPACE_PORT ?? 4501);
// The sections measured on the 100-post build; "instances" makes its own build.
const needsSizedBuilds = !only || only.some((s) => s !== "instances" && s !== "delivery" && s !== "serving");
const SIZES = !needsSizedBuilds
  ? []
  : !wants("builds")
    ? [100]
    : flags.quick
      ? [100, 1_000]
      : [100, 1_000, 10_000];
const BUILD_TIMEOUT_MS = 20 * 60_000;
const TOTAL_GUARD_MS = 45 * 60_000;
const MEMBERS_SMALL = 100;
const MEMBERS_LARGE = 10_000;
const GIB = 1024 ** 3;

type BuildResult = {
  posts: number;
  postsInWorkspace: number;
  ok: boolean;
  wallMs: number;
  peakRssBytes: number;
  upstreamRequests: number;
  upstreamByRoute: Record<string, number>;
  prerenderedHtmlFiles: number;
  prerenderedRoutes: number;
  error?: string;
};

type Target = { name: string; value: string; target: string; pass: boolean | null };

const results: {
  startedAt: string;
  finishedAt?: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryBytes: number; node: string; loadAvgAtStart: number[] };
  builds: BuildResult[];
  pageViews?: {
    path: string;
    bytes: number;
    next: AutocannonSummary[];
    staticServer: AutocannonSummary[];
    rpsRatio: number;
    p99Ratio: number;
    upstreamRequestsFor1000Views: number;
    viewStatuses: Record<string, number>;
    secondsSinceBuildAtViews: number;
  };
  newsletter?: NewsletterSample & { withUpstreamLatency50Ms: NewsletterSample };
  admin?: {
    samples: number;
    small: { members: number; p50Ms: number; p90Ms: number; upstreamPerView: number };
    large: { members: number; p50Ms: number; p90Ms: number; upstreamPerView: number };
    p50Ratio: number;
  };
  lighthouse?: {
    pages: {
      path: string;
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      error?: string;
      belowFull?: { id: string; score: number; displayValue?: string; details?: string[] }[];
    }[];
  };
  pageWeight?: {
    pages: (PageWeight & { kind: "post" | "blog" | "home" })[];
    throughput: ThroughputRatio;
  };
  javascript?: {
    emptyPage: { path: string; jsBytes: number; status: number };
    pages: { path: string; jsBytes: number; ratio: number }[];
  };
  search?: SearchBenchResult;
  security?: SecurityBenchResult;
  delivery?: DeliveryBench;
  instances?: InstancesBenchResult;
  serving?: ServingBenchResult;
  targets: Target[];
} = {
  startedAt: new Date().toISOString(),
  quick: flags.quick,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryBytes: os.totalmem(),
    node: process.version,
    loadAvgAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  },
  builds: [],
  targets: [],
};

// ---------------------------------------------------------------------------------------

async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function countStatus(map: Record<string, number>, status: number | string) {
  map[String(status)] = (map[String(status)] ?? 0) + 1;
}

async function postCount(ws: WorkspaceProcess): Promise<number> {
  const res = await fetch(`${ws.url}/__local/health`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { workspaces: { default: boolean; posts: number }[] };
  return body.workspaces.find((w) => w.default)?.posts ?? 0;
}

async function build(posts: number, ws: WorkspaceProcess, distDir: string): Promise<BuildResult> {
  rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
  const inWorkspace = await postCount(ws);
  await resetWorkspaceStats(ws.url);
  log(`next build with ${inWorkspace} posts into ${distDir}`);
  const run = await measuredNextBuild({ distDir, wsPort: ws.port, sitePort: SITE_PORT }, BUILD_TIMEOUT_MS);
  const stats = await workspaceStats(ws.url);
  const pre = countPrerendered(distDir);
  const result: BuildResult = {
    posts,
    postsInWorkspace: inWorkspace,
    ok: run.exitCode === 0,
    wallMs: Math.round(run.wallMs),
    peakRssBytes: run.peakRssBytes,
    upstreamRequests: stats.total,
    upstreamByRoute: stats.byRoute,
    prerenderedHtmlFiles: pre.htmlFiles,
    prerenderedRoutes: pre.manifestRoutes,
  };
  if (!result.ok) result.error = run.output.split("\n").slice(-30).join("\n");
  log(
    `build ${posts}: ${result.ok ? "ok" : "FAILED"} in ${(result.wallMs / 1000).toFixed(1)} s, peak ${mib(result.peakRssBytes)}, ` +
      `${result.upstreamRequests} upstream requests, ${result.prerenderedRoutes} prerendered routes`,
  );
  if (!result.ok) log(result.error ?? "");
  return result;
}

async function firstPostPath(site: SiteProcess): Promise<string> {
  const html = await (await fetch(`${site.url}/blog`)).text();
  const found = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
    .map((m) => m[1]!)
    .find((h) => !h.startsWith("/blog/page"));
  if (!found) throw new Error("no post link on /blog");
  return found;
}

async function pageViews(site: SiteProcess, ws: WorkspaceProcess, builtAt: number) {
  const postPath = await firstPostPath(site);
  const res = await fetch(`${site.url}${postPath}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get("content-type") ?? "text/html; charset=utf-8";
  if (res.status !== 200) throw new Error(`${postPath} answered ${res.status}`);
  const staticServer = await startStaticServer(bytes, contentType);
  log(`page views: ${postPath} (${bytes.length} bytes) through next start vs a static server`);

  const common = { connections: 10, timeout: 10 };
  // Warm both (JIT, caches, keep-alive pools), then interleave so drift hits both alike.
  await loadRun({ ...common, url: `${site.url}${postPath}`, amount: 300 });
  await loadRun({ ...common, url: staticServer.url, amount: 300 });
  const nextRuns: AutocannonSummary[] = [];
  const staticRuns: AutocannonSummary[] = [];
  for (let round = 0; round < 3; round++) {
    // Fixed durations (not counts): a few seconds each gives a rate that is not one coarse sample.
    staticRuns.push(await loadRun({ ...common, url: staticServer.url, duration: 5 }, 30_000));
    nextRuns.push(await loadRun({ ...common, url: `${site.url}${postPath}`, duration: 5 }, 30_000));
  }
  await staticServer.close();
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const nextRps = med(nextRuns.map((r) => r.rps));
  const staticRps = med(staticRuns.map((r) => r.rps));
  const nextP99 = med(nextRuns.map((r) => r.p99Ms));
  const staticP99 = med(staticRuns.map((r) => r.p99Ms));

  // 1,000 views across the prerendered public pages; count what reached the workspace.
  const home = await (await fetch(`${site.url}/`)).text();
  const links = [
    ...new Set([...home.matchAll(/href="(\/(?:blog|tags|authors)[^"#?]*)"/g)].map((m) => m[1]!)),
  ];
  const paths = ["/", "/blog", postPath, ...links].slice(0, 25);
  await sleep(500);
  await resetWorkspaceStats(ws.url);
  const secondsSinceBuild = Math.round((Date.now() - builtAt) / 1000);
  const statuses: Record<string, number> = {};
  let next = 0;
  const deadline = Date.now() + 120_000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < 1_000 && Date.now() < deadline) {
        const p = paths[next++ % paths.length]!;
        const r = await fetch(`${site.url}${p}`, { signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        countStatus(statuses, r.status);
      }
    }),
  );
  // Background regenerations (if any) would reach the workspace just after the views.
  await sleep(2_000);
  const upstream = (await workspaceStats(ws.url)).total;
  log(
    `page views: next ${nextRps.toFixed(0)} rps vs static ${staticRps.toFixed(0)} rps; ${upstream} upstream requests for 1,000 views`,
  );
  results.pageViews = {
    path: postPath,
    bytes: bytes.length,
    next: nextRuns,
    staticServer: staticRuns,
    rpsRatio: nextRps / staticRps,
    p99Ratio: nextP99 / Math.max(staticP99, 1),
    upstreamRequestsFor1000Views: upstream,
    viewStatuses: statuses,
    secondsSinceBuildAtViews: secondsSinceBuild,
  };
}

type NewsletterSample = {
  samples: number;
  site: { p50Ms: number; p99Ms: number; statuses: Record<string, number> };
  direct: { p50Ms: number; p99Ms: number; statuses: Record<string, number> };
  p50Ratio: number;
  p99Ratio: number;
  p50AddedMs: number;
};

async function newsletter(site: SiteProcess, ws: WorkspaceProcess) {
  const loopback = await newsletterSample(site, ws, 150, "a");
  log(
    `newsletter: site p50 ${loopback.site.p50Ms.toFixed(1)} ms vs direct ${loopback.direct.p50Ms.toFixed(1)} ms (loopback)`,
  );
  // A hosted workspace is a network round trip away; the local one answers in ~2 ms, which
  // makes any fixed cost look large. The same comparison with 50 ms added upstream (the
  // workspace's "slow" fault, applied to both paths alike) shows the realistic share.
  const fault = await fetch(`${ws.url}/__local/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mode: "slow", delayMs: 50, pathPrefix: "/api/external/v2/email-subscriptions" }),
  });
  if (!fault.ok) throw new Error(`could not set the slow fault: ${fault.status}`);
  try {
    const wan = await newsletterSample(site, ws, 60, "b");
    results.newsletter = { ...loopback, withUpstreamLatency50Ms: wan };
    log(
      `newsletter: site p50 ${wan.site.p50Ms.toFixed(1)} ms vs direct ${wan.direct.p50Ms.toFixed(1)} ms (+50 ms upstream)`,
    );
  } finally {
    await fetch(`${ws.url}/__local/faults`, { method: "DELETE" });
  }
}

async function newsletterSample(
  site: SiteProcess,
  ws: WorkspaceProcess,
  N: number,
  tag: string,
): Promise<NewsletterSample> {
  const runId = `${Date.now().toString(36)}${tag}`;
  const siteOrigin = `http://localhost:${SITE_PORT}`;
  const siteTimes: number[] = [];
  const directTimes: number[] = [];
  const siteStatuses: Record<string, number> = {};
  const directStatuses: Record<string, number> = {};
  // The samples stay under the route's global budget (300 a minute, so the two samples run
  // back to back fit); each request is its own client (X-Forwarded-For, believed because the
  // bench's site runs with TRUST_PROXY=1), so a reader's per-client budget is not what is measured.
  const viaSite = async (i: number, record: boolean) => {
    const t = await timed(async () => {
      const r = await fetch(`${site.url}/api/newsletter`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          origin: siteOrigin,
          "x-forwarded-for": `10.${tag === "a" ? 1 : 2}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ email: `bench-site-${runId}-${i}@example.com` }),
        signal: AbortSignal.timeout(15_000),
      });
      await r.arrayBuffer();
      if (record) countStatus(siteStatuses, r.status);
    });
    if (record) siteTimes.push(t);
  };
  const direct = async (i: number, record: boolean) => {
    const t = await timed(async () => {
      const r = await fetch(`${ws.url}/api/external/v2/email-subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "x-api-key": DEMO_KEY },
        body: JSON.stringify({ email: `bench-direct-${runId}-${i}@example.com` }),
        signal: AbortSignal.timeout(15_000),
      });
      await r.arrayBuffer();
      if (record) countStatus(directStatuses, r.status);
    });
    if (record) directTimes.push(t);
  };
  for (let i = 0; i < 5; i++) {
    await viaSite(60_000 + i, false);
    await direct(60_000 + i, false);
  }
  for (let i = 0; i < N; i++) {
    // Alternate which goes first, so neither always follows the other's disk write.
    if (i % 2) {
      await viaSite(i, true);
      await direct(i, true);
    } else {
      await direct(i, true);
      await viaSite(i, true);
    }
  }
  const s = [...siteTimes].sort((a, b) => a - b);
  const d = [...directTimes].sort((a, b) => a - b);
  return {
    samples: N,
    site: { p50Ms: percentile(s, 50), p99Ms: percentile(s, 99), statuses: siteStatuses },
    direct: { p50Ms: percentile(d, 50), p99Ms: percentile(d, 99), statuses: directStatuses },
    p50Ratio: percentile(s, 50) / percentile(d, 50),
    p99Ratio: percentile(s, 99) / percentile(d, 99),
    p50AddedMs: percentile(s, 50) - percentile(d, 50),
  };
}

async function adminLogin(site: SiteProcess): Promise<string> {
  const res = await fetch(`${site.url}/api/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: `http://localhost:${SITE_PORT}`,
      "x-forwarded-for": "10.200.0.1",
    },
    body: JSON.stringify({ email: "admin@example.com", password: "masthead-demo" }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("masthead_admin="));
  if (res.status !== 200 || !cookie) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0]!;
}

async function timeMembersPage(site: SiteProcess, ws: WorkspaceProcess, cookie: string, samples: number) {
  const get = async () => {
    const r = await fetch(`${site.url}/admin/members`, {
      headers: { cookie },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    const html = await r.text();
    if (r.status !== 200) throw new Error(`/admin/members answered ${r.status}`);
    return html;
  };
  for (let i = 0; i < 3; i++) await get();
  await resetWorkspaceStats(ws.url);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(async () => void (await get())));
  const upstream = (await workspaceStats(ws.url)).total;
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p90Ms: percentile(times, 90), upstreamPerView: upstream / samples };
}

async function admin(site: SiteProcess, ws: WorkspaceProcess) {
  const cookie = await adminLogin(site);
  const samples = 30;
  const small = await timeMembersPage(site, ws, cookie, samples);
  log(`admin: reseeding the workspace with ${MEMBERS_LARGE} members`);
  const reset = await fetch(`${ws.url}/__local/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ posts: 100, members: MEMBERS_LARGE }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!reset.ok) throw new Error(`reset to ${MEMBERS_LARGE} members failed: ${reset.status}`);
  const large = await timeMembersPage(site, ws, cookie, samples);
  results.admin = {
    samples,
    small: { members: MEMBERS_SMALL, ...small },
    large: { members: MEMBERS_LARGE, ...large },
    p50Ratio: large.p50Ms / small.p50Ms,
  };
  log(`admin: members page p50 ${small.p50Ms.toFixed(1)} ms (100) vs ${large.p50Ms.toFixed(1)} ms (10,000)`);
}

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

async function lighthouseRuns(paths: string[]) {
  const lighthouse = (await import("lighthouse")).default;
  const chromeLauncher = await import("chrome-launcher");
  const pages: NonNullable<typeof results.lighthouse>["pages"] = [];
  for (const p of paths) {
    // A fresh browser per page: no warm cache or service state carried from the previous page.
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath() ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const url = `http://localhost:${SITE_PORT}${p}`;
      log(`lighthouse (mobile) ${url}`);
      const run = await Promise.race([
        lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          formFactor: "mobile",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        }),
        sleep(180_000).then(() => undefined),
      ]);
      const lhr = run?.lhr;
      const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
      const belowFull = lhr
        ? Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                a.scoreDisplayMode !== "informative" &&
                a.scoreDisplayMode !== "manual",
            )
            .map((a) => {
              const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
              const details = items
                .slice(0, 5)
                .map((it) =>
                  String(it.description ?? it.url ?? it.source ?? JSON.stringify(it)).slice(0, 200),
                );
              return {
                id: a.id,
                score: a.score ?? 0,
                displayValue: a.displayValue,
                ...(details.length ? { details } : {}),
              };
            })
        : undefined;
      pages.push({
        path: p,
        belowFull,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : !lhr ? { error: "timed out" } : {}),
      });
      if (belowFull?.length) log(`  audits below 100 on ${p}: ${belowFull.map((a) => a.id).join(", ")}`);
    } finally {
      await chrome.kill();
    }
  }
  results.lighthouse = { pages };
}

/** Script bytes transferred (compressed, with headers) by a cold page load in Chromium. */
async function javascriptBytes(paths: string[], emptyPath: string) {
  const { chromium } = await import("playwright");
  const browser = await chromium.launch({
    executablePath: chromiumPath() ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const measure = async (p: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on("requestfinished", (req) => {
      if (req.resourceType() !== "script") return;
      scripts.push(
        req
          .sizes()
          .then((s) => s.responseBodySize + s.responseHeadersSize)
          .catch(() => 0),
      );
    });
    const response = await page.goto(`http://localhost:${SITE_PORT}${p}`, {
      waitUntil: "networkidle",
      timeout: 60_000,
    });
    await page.waitForTimeout(500);
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    await context.close();
    return { jsBytes: total, status: response?.status() ?? 0 };
  };
  try {
    const empty = await measure(emptyPath);
    const pages = [];
    for (const p of paths) {
      const m = await measure(p);
      pages.push({ path: p, jsBytes: m.jsBytes, ratio: m.jsBytes / empty.jsBytes });
    }
    results.javascript = { emptyPage: { path: emptyPath, ...empty }, pages };
    log(
      `javascript: empty page ${empty.jsBytes} B; ${pages.map((p) => `${p.path} ${p.jsBytes} B`).join(", ")}`,
    );
  } finally {
    await browser.close();
  }
}

async function pageWeight(site: SiteProcess, postPath: string) {
  const kinds = { "/": "home", "/blog": "blog", [postPath]: "post" } as const;
  const measured = await measurePageWeight(site.url, Object.keys(kinds));
  results.pageWeight = {
    pages: measured.map((p) => ({ ...p, kind: kinds[p.path as keyof typeof kinds] ?? "post" })),
    throughput: await throughputRatio(site.url, postPath),
  };
}

// ---------------------------------------------------------------------------------------

function fmtMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return "n/a";
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`;
}

function evaluateTargets(): void {
  const t = results.targets;
  const b100 = results.builds.find((b) => b.posts === 100);
  for (const b of results.builds) {
    t.push({
      name: `build ${b.posts.toLocaleString("en")} posts: upstream requests`,
      value: b.ok ? String(b.upstreamRequests) : "build failed",
      target: "<= 3",
      pass: b.ok && b.upstreamRequests <= 3,
    });
  }
  const big = results.builds.find((b) => b.posts === 10_000);
  if (big) {
    t.push({
      name: "build 10,000 posts: peak memory",
      value: mib(big.peakRssBytes),
      target: "< 2048 MiB",
      pass: big.ok && big.peakRssBytes < 2 * GIB,
    });
    if (b100) {
      const ratio = big.wallMs / b100.wallMs;
      t.push({
        name: "build time 10,000 / 100 posts",
        value: `${ratio.toFixed(2)}x`,
        target: "<= 3x",
        pass: big.ok && ratio <= 3,
      });
    }
  }
  const pv = results.pageViews;
  if (pv) {
    t.push({
      name: "post page rps: next start / static server",
      value: `${pv.rpsRatio.toFixed(2)}x`,
      target: "reported",
      pass: null,
    });
    t.push({
      name: "post page p99: next start / static server",
      value: `${pv.p99Ratio.toFixed(2)}x`,
      target: "reported",
      pass: null,
    });
    t.push({
      name: "upstream requests for 1,000 page views",
      value: String(pv.upstreamRequestsFor1000Views),
      target: "0",
      pass: pv.upstreamRequestsFor1000Views === 0,
    });
  }
  const nl = results.newsletter;
  if (nl) {
    t.push({
      name: "newsletter p50: site / direct (loopback workspace)",
      value: `${nl.p50Ratio.toFixed(2)}x (+${nl.p50AddedMs.toFixed(1)} ms)`,
      target: "<= 1.5x",
      pass: nl.p50Ratio <= 1.5,
    });
    const w = nl.withUpstreamLatency50Ms;
    t.push({
      name: "newsletter p50: site / direct (+50 ms upstream)",
      value: `${w.p50Ratio.toFixed(2)}x (+${w.p50AddedMs.toFixed(1)} ms)`,
      target: "<= 1.5x",
      pass: w.p50Ratio <= 1.5,
    });
  }
  const ad = results.admin;
  if (ad) {
    t.push({
      name: "admin members page p50: 10,000 / 100 members",
      value: `${ad.p50Ratio.toFixed(2)}x`,
      target: "<= 1.5x",
      pass: ad.p50Ratio <= 1.5,
    });
  }
  for (const p of results.lighthouse?.pages ?? []) {
    const scores = [p.performance, p.accessibility, p.bestPractices, p.seo];
    t.push({
      name: `lighthouse mobile ${p.path} (perf/a11y/bp/seo)`,
      value: p.error ? `error: ${p.error}` : scores.join("/"),
      target: "100/100/100/100",
      pass: !p.error && scores.every((s) => s === 100),
    });
  }
  if (results.search) t.push(...searchTargets(results.search));
  if (results.security) t.push(...securityTargets(results.security));
  if (results.instances) t.push(...instancesTargets(results.instances));
  if (results.delivery) t.push(...deliveryTargets(results.delivery));
  if (results.serving) t.push(...servingTargets(results.serving));
  const pw = results.pageWeight;
  if (pw) {
    t.push(...pageWeightTargets(pw.pages));
    t.push({
      name: `post page rps: ${pw.throughput.path} / ${pw.throughput.floorPath} (same next start)`,
      value: `${pw.throughput.ratio.toFixed(2)}x`,
      target: "reported",
      pass: null,
    });
  }
  for (const p of results.javascript?.pages ?? []) {
    // "No more than the framework's floor": the not-found page of the same build carries the
    // same root layout and no page of its own, so a page may not add a byte of script to it.
    t.push({
      name: `JS bytes ${p.path} / empty page (the floor)`,
      value: `${p.jsBytes} B (${p.ratio.toFixed(3)}x)`,
      target: "<= 1.000x",
      pass: p.jsBytes <= (results.javascript?.emptyPage.jsBytes ?? 0),
    });
  }
}

function printTable(): string {
  const lines: string[] = [];
  const row = (cells: string[], widths: number[]) =>
    "| " + cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    lines.push(
      row(header, widths),
      "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|",
      ...rows.map((r) => row(r, widths)),
    );
    lines.push("");
  };
  const m = results.machine;
  lines.push(
    `Masthead bench, ${results.startedAt} (${m.cpus} CPU ${m.cpuModel}, ${mib(m.memoryBytes)}, Node ${m.node}, load ${m.loadAvgAtStart.join(" ")})`,
    "",
  );
  const base = results.builds.find((b) => b.posts === 100 && b.ok);
  if (results.builds.length > 0)
    table(
      [
        "build",
        "posts in workspace",
        "wall time",
        "time / 100-post build",
        "peak RSS (tree)",
        "upstream requests",
        "prerendered routes",
        "HTML files",
      ],
      results.builds.map((b) => [
        `${b.posts.toLocaleString("en")} posts${b.ok ? "" : " (FAILED)"}`,
        String(b.postsInWorkspace),
        fmtMs(b.wallMs),
        base ? `${(b.wallMs / base.wallMs).toFixed(2)}x` : "n/a",
        mib(b.peakRssBytes),
        String(b.upstreamRequests),
        String(b.prerenderedRoutes),
        String(b.prerenderedHtmlFiles),
      ]),
    );
  if (results.pageViews) {
    const pv = results.pageViews;
    const med = (rs: AutocannonSummary[], k: "rps" | "p99Ms" | "p50Ms") =>
      [...rs.map((r) => r[k])].sort((a, b) => a - b)[1] ?? rs[0]![k];
    table(
      ["page views " + pv.path + ` (${pv.bytes} B)`, "req/s (median of 3)", "p50", "p99"],
      [
        [
          "next start",
          med(pv.next, "rps").toFixed(0),
          fmtMs(med(pv.next, "p50Ms")),
          fmtMs(med(pv.next, "p99Ms")),
        ],
        [
          "static node:http",
          med(pv.staticServer, "rps").toFixed(0),
          fmtMs(med(pv.staticServer, "p50Ms")),
          fmtMs(med(pv.staticServer, "p99Ms")),
        ],
      ],
    );
  }
  if (results.pageWeight) {
    const pw = results.pageWeight;
    table(
      [
        "page weight (decoded HTML)",
        "bytes",
        "RSC payload",
        "JSON-LD",
        "<head>",
        "srcset",
        "prefetch requests",
      ],
      pw.pages.map((p) => [
        p.path,
        String(p.bytes),
        String(p.rscBytes),
        String(p.jsonLdBytes),
        String(p.headBytes),
        String(p.srcsetBytes),
        String(p.prefetchRequests),
      ]),
    );
    const med = (rs: AutocannonSummary[]) => [...rs.map((r) => r.rps)].sort((a, b) => a - b)[1] ?? rs[0]!.rps;
    table(
      ["next start, same server", "req/s (median of 3)", "ratio"],
      [
        [pw.throughput.path, med(pw.throughput.page).toFixed(0), pw.throughput.ratio.toFixed(2) + "x"],
        [pw.throughput.floorPath, med(pw.throughput.floor).toFixed(0), "1.00x"],
      ],
    );
  }
  if (results.newsletter) {
    const nl = results.newsletter;
    const w = nl.withUpstreamLatency50Ms;
    table(
      [`newsletter (sequential, interleaved)`, "samples", "p50", "p99", "statuses"],
      [
        [
          "POST /api/newsletter",
          String(nl.samples),
          fmtMs(nl.site.p50Ms),
          fmtMs(nl.site.p99Ms),
          JSON.stringify(nl.site.statuses),
        ],
        [
          "direct POST to the workspace",
          String(nl.samples),
          fmtMs(nl.direct.p50Ms),
          fmtMs(nl.direct.p99Ms),
          JSON.stringify(nl.direct.statuses),
        ],
        [
          "POST /api/newsletter, +50 ms upstream",
          String(w.samples),
          fmtMs(w.site.p50Ms),
          fmtMs(w.site.p99Ms),
          JSON.stringify(w.site.statuses),
        ],
        [
          "direct, +50 ms upstream",
          String(w.samples),
          fmtMs(w.direct.p50Ms),
          fmtMs(w.direct.p99Ms),
          JSON.stringify(w.direct.statuses),
        ],
      ],
    );
  }
  if (results.admin) {
    const ad = results.admin;
    table(
      [`admin /admin/members (${ad.samples} views each)`, "p50", "p90", "upstream requests per view"],
      [
        [
          `${ad.small.members} members`,
          fmtMs(ad.small.p50Ms),
          fmtMs(ad.small.p90Ms),
          ad.small.upstreamPerView.toFixed(1),
        ],
        [
          `${ad.large.members.toLocaleString("en")} members`,
          fmtMs(ad.large.p50Ms),
          fmtMs(ad.large.p90Ms),
          ad.large.upstreamPerView.toFixed(1),
        ],
      ],
    );
  }
  if (results.search) {
    const s = searchRows(results.search);
    table(s.header, s.rows);
  }
  for (const s of results.security ? securityTables(results.security) : []) table(s.header, s.rows);
  if (results.delivery) {
    const d = deliveryTable(results.delivery);
    table(d.header, d.rows);
  }
  if (results.instances) {
    const r = instancesRows(results.instances);
    table(r.header, r.rows);
  }
  if (results.serving) {
    const r = servingRows(results.serving);
    table(r.header, r.rows);
  }
  table(
    ["target", "measured", "target", "pass"],
    results.targets.map((t) => [t.name, t.value, t.target, t.pass === null ? "-" : t.pass ? "yes" : "NO"]),
  );
  const text = lines.join("\n");
  process.stdout.write(text + "\n");
  return text;
}

function write(): void {
  const dir = path.join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  results.finishedAt = new Date().toISOString();
  writeFileSync(path.join(dir, "latest.json"), JSON.stringify(results, null, 2) + "\n");
  log(`wrote ${path.relative(ROOT, path.join(dir, "latest.json"))}`);
}

async function runtimePhase(ws: WorkspaceProcess, distDir: string, builtAt: number): Promise<void> {
  const site = await startSite({ distDir, wsPort: ws.port, sitePort: SITE_PORT });
  try {
    if (wants("page-views")) await pageViews(site, ws, builtAt);
    const postPath = results.pageViews?.path ?? (await firstPostPath(site));
    if (wants("weight")) await pageWeight(site, postPath);
    if (wants("newsletter")) await newsletter(site, ws);
    if (wants("javascript"))
      await javascriptBytes(["/", "/blog", postPath], `/bench-empty-${Date.now().toString(36)}`);
    if (wants("lighthouse")) await lighthouseRuns(["/", "/blog", postPath]);
    // Reseeds the workspace with 10,000 posts, so after everything that reads the blog.
    if (wants("search")) {
      const inProcess = await searchInProcessChild();
      results.search = { inProcess };
      results.search.http = await searchOverHttp(site, ws, postPath, await postCount(ws));
    }
    // Last: it reseeds the workspace with 10,000 members.
    if (wants("admin")) await admin(site, ws);
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  installCleanup();
  const guard = setTimeout(() => {
    log(`the bench passed its ${TOTAL_GUARD_MS / 60_000}-minute guard; stopping`);
    void stopAll().then(() => process.exit(1));
  }, TOTAL_GUARD_MS);
  guard.unref();
  for (const posts of SIZES) {
    const dataDir = `data/bench-ws-${posts}`;
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
    const ws = await startWorkspace({ port: WS_PORT, dataDir, posts, members: MEMBERS_SMALL });
    const distDir = `.next-bench-${posts}`;
    try {
      const result = await build(posts, ws, distDir);
      results.builds.push(result);
      // The runtime measurements use the 100-post build, right after it (well inside its ISR window).
      if (posts === 100 && result.ok) {
        await runtimePhase(ws, distDir, Date.now());
        // Its own site process (TRUST_PROXY=1), after the shared one has stopped.
        if (wants("security"))
          results.security = await securityBench({ distDir, wsPort: ws.port, sitePort: SITE_PORT });
      }
    } finally {
      await ws.stop();
      if (!flags["keep-builds"] && posts !== 100)
        rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
      rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
    }
  }
  if (wants("instances")) results.instances = await instancesBench();
  if (wants("delivery")) results.delivery = await benchDelivery();
  if (wants("serving")) results.serving = await servingBench();
  evaluateTargets();
  write();
  printTable();
  clearTimeout(guard);
}

main().then(
  async () => {
    await stopAll();
    process.exit(0);
  },
  async (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    evaluateTargets();
    write();
    printTable();
    await stopAll();
    process.exit(1);
  },
);
