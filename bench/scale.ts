import { execFile } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import { DEMO_REVALIDATE_SECRET } from "../lib/config/schema";
import { serverHeapFlags } from "../lib/launcher/heap";
import { revalidationDelayMs } from "../tests/helpers/front-load";
import { sleep, until } from "../tests/helpers/until";
import { measureBuild } from "./builds";
import {
  firstPostPath,
  log,
  mib,
  resetWorkspaceStats,
  ROOT,
  startSite,
  startWorkspace,
  workspaceStats,
  type SiteProcess,
  type WorkspaceProcess,
} from "./lib";
import { treeRssBytes } from "./process-tree";
import type { PostMemory } from "./scale-memory";
import { fmtMs, section, type Target } from "./section";

/*
 * Scale (section "scale"): one blog size after another (1,000, 10,000 and 50,000 posts; 1,000
 * and 10,000 with --quick; `--posts 1000,5000` for others), each a workspace seeded with that
 * many synthetic posts, a build and a fresh `next start` of it:
 *  - the build's wall time and the process tree's peak memory;
 *  - the server: how long until readiness answers 200 (the blog store and the search index
 *    loaded in the background, then one page of each blog route rendered), its peak RSS
 *    meanwhile, RSS then, after the traffic below and 15 s later; and its V8 heap (GET /api/metrics): the
 *    most it used while starting, against the limit it runs with (lib/launcher/heap.ts), and
 *    what it used and held once ready and after the traffic;
 *  - the first request, on that fresh server, of a listing page past the prerender limit, an
 *    older post, a later page of a tag, the sitemap (its first file once it is an index) and a
 *    search: what a reader pays for the size of the blog;
 *  - the size of each feed, and how many copies of it the build output holds;
 *  - then the blog revalidated as the workspace's webhook does it (a post renamed, POST
 *    /api/revalidate), and once /blog shows the new title, the first search and the first view
 *    of the oldest post, and RSS then;
 *  - in process, the bytes per post of the store and the index, and the
 *    time ranking a results page takes on that index (bench/scale-memory.ts).
 */

const DEFAULT_SIZES = [1_000, 10_000, 50_000];
const PRERENDER_LIMIT = 200;
const POSTS_PER_PAGE = 12;
const FEEDS = ["/feed.xml", "/atom.xml", "/feed.json"] as const;
const SETTLE_MS = 15_000;

export type FirstRequest = { path: string; status: number; ms: number };

/** The first requests once a revalidation has reached the readers (see revalidateAndTime). */
export type AfterRevalidation = {
  /** From POST /api/revalidate until /blog showed the renamed post. */
  visibleMs: number;
  search: FirstRequest;
  oldestPost: FirstRequest;
  rssBytes: number;
};

export type HeapFigures = { usedBytes: number; totalBytes: number };

// The bench's own scraper token for the server's GET /api/metrics (heap figures).
const METRICS_TOKEN = "bench-scale-metrics-token-0123456789abcdef";

/** V8's heap used and held, from the server's Prometheus metrics (prom-client's defaults). */
async function heapFigures(site: SiteProcess): Promise<HeapFigures | null> {
  const res = await fetch(`${site.url}/api/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (res?.status !== 200) return null;
  const text = await res.text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN);
  return {
    usedBytes: value("nodejs_heap_size_used_bytes"),
    totalBytes: value("nodejs_heap_size_total_bytes"),
  };
}

export type ScaleRow = {
  posts: number;
  build: { ok: boolean; wallMs: number; peakRssBytes: number };
  /** From spawning `next start` until readiness answered 200. */
  readyMs: number;
  startPeakRssBytes: number;
  idleRssBytes: number;
  afterTrafficRssBytes: number;
  /** RSS 15 s after the traffic: once V8's memory reducer has given back what the traffic left. */
  settledRssBytes: number;
  /** V8's heap as the server's metrics report it: bytes used and held (total), and its limit. */
  heap: { limitBytes: number; startPeakUsedBytes: number; ready: HeapFigures; afterTraffic: HeapFigures };
  /** Blog-post lists the server fetched from its start to the end of the traffic: 1 when no reader loaded its own. */
  listRequests: number;
  first: {
    listing: FirstRequest;
    nextListing: FirstRequest;
    olderPost: FirstRequest;
    tagPage: FirstRequest;
    sitemap: FirstRequest;
    search: FirstRequest;
    broadSearch: FirstRequest;
  };
  afterRevalidation: AfterRevalidation;
  feedBytes: Record<string, number>;
  /** Files of more than 1 KiB named for each feed: in the build's output, and under its server folder once served. */
  feedCopies: { build: Record<string, number>; served: Record<string, number> };
  memory: PostMemory;
};

/** bench/scale-memory.ts in a process of its own: it needs --expose-gc and the server-only condition. */
async function measurePostMemory(posts: number): Promise<PostMemory> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--expose-gc",
      "--conditions=react-server",
      "--import",
      "tsx",
      path.join(ROOT, "bench/scale-memory.ts"),
      "--json",
      String(posts),
    ],
    { cwd: ROOT, timeout: 600_000, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as PostMemory;
}

async function timedGet(site: SiteProcess, pathname: string): Promise<FirstRequest> {
  const t0 = performance.now();
  const res = await fetch(`${site.url}${pathname}`, { signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  return { path: pathname, status: res.status, ms: performance.now() - t0 };
}

/**
 * Revalidates the blog the way the workspace's webhook does, after renaming the newest post, and
 * times the first search and the first view of the oldest post once the revalidation has reached
 * the readers: when /blog shows the new title. That is the moment a reader experiences "after a
 * revalidation": from then on every page is rendered from the new copy of the blog, whose search
 * index is still being built in the background and whose oldest post has no cached page. Before
 * it, a reader gets the pages cached from the old copy (stale-while-revalidate), so the cost of
 * the new copy is not what they pay yet.
 */
async function revalidateAndTime(
  site: SiteProcess,
  ws: WorkspaceProcess,
  syntheticPosts: number,
  posts: number,
): Promise<AfterRevalidation> {
  const slug = (await firstPostPath(site)).slice("/blog/".length);
  const oldest = await oldestPostPath(site, posts);
  const visibleMs = await revalidationDelayMs({
    workspaceUrl: ws.url,
    slug,
    revalidateAt: site.url,
    secret: DEMO_REVALIDATE_SECRET,
    watch: [`${site.url}/blog`],
    timeoutMs: 120_000,
  });
  return {
    visibleMs,
    // The number of the oldest synthetic post: a search no earlier step made.
    search: await timedGet(site, `/search?q=${syntheticPosts}`),
    oldestPost: await timedGet(site, oldest),
    rssBytes: treeRssBytes(site.child.pid!),
  };
}

/** The last post linked from the blog's last listing page, before the revalidation: the oldest post. */
async function oldestPostPath(site: SiteProcess, posts: number): Promise<string> {
  const last = Math.ceil(posts / POSTS_PER_PAGE);
  const html = await (await fetch(`${site.url}${last > 1 ? `/blog/page/${last}` : "/blog"}`)).text();
  const post = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
    .map((m) => m[1]!)
    .filter((h) => !h.startsWith("/blog/page"))
    .at(-1);
  if (!post) throw new Error(`no post link on the last listing page (${last})`);
  return post;
}

function filesNamed(dir: string, base: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) n += filesNamed(full, base);
    else if (entry.name.startsWith(base) && statSync(full).size > 1024) n++;
  }
  return n;
}

async function measureSize(
  posts: number,
  ports: { site: number; workspace: number },
  keep: boolean,
): Promise<ScaleRow> {
  const dataDir = `data/bench-scale-${posts}`;
  const distDir = `.next-bench-scale-${posts}`;
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const ws = await startWorkspace({ port: ports.workspace, dataDir, posts, members: 10 });
  try {
    const build = await measureBuild(posts, ws, distDir, ports.site);
    if (!build.ok) throw new Error(`the ${posts}-post build failed:\n${build.error ?? ""}`);
    await resetWorkspaceStats(ws.url);
    const t0 = performance.now();
    const site = await startSite({
      distDir,
      wsPort: ws.port,
      sitePort: ports.site,
      env: { METRICS_TOKEN },
    });
    let peak = 0;
    let heapPeak = 0;
    try {
      await until(
        async () => {
          peak = Math.max(peak, treeRssBytes(site.child.pid!));
          heapPeak = Math.max(heapPeak, (await heapFigures(site))?.usedBytes ?? 0);
          const res = await fetch(`${site.url}/api/health/ready`).catch(() => null);
          return res?.status === 200;
        },
        { what: "readiness", timeoutMs: 300_000, intervalMs: 100 },
      );
      const readyMs = performance.now() - t0;
      const idle = treeRssBytes(site.child.pid!);
      const heapReady = await heapFigures(site);
      log(`scale ${posts}: ready after ${fmtMs(readyMs)}, RSS ${mib(idle)}`);
      const pages = Math.ceil(build.postsInWorkspace / POSTS_PER_PAGE);
      const pastLimit = Math.min(pages, Math.ceil(PRERENDER_LIMIT / POSTS_PER_PAGE) + 12);
      const older = `synthetic-post-${String(Math.max(1, posts - 10)).padStart(5, "0")}`;
      const rootSitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
      const first = {
        listing: await timedGet(site, `/blog/page/${pastLimit}`),
        // The same route again, another page: what the blog costs once the route's code is loaded.
        nextListing: await timedGet(site, `/blog/page/${pastLimit + 1}`),
        olderPost: await timedGet(site, `/blog/${older}`),
        tagPage: await timedGet(
          site,
          `/tags/performance/page/${Math.min(5, Math.ceil(posts / 8 / POSTS_PER_PAGE))}`,
        ),
        sitemap: await timedGet(
          site,
          rootSitemap.includes("<sitemapindex") ? "/sitemaps/1.xml" : "/sitemap.xml",
        ),
        // One post's number: what a reader looking for something finds at once.
        search: await timedGet(site, `/search?q=${Number(older.slice("synthetic-post-".length))}`),
        // Words of every post: the widest search there is, bounded by lib/search/query-plan.ts.
        broadSearch: await timedGet(site, "/search?q=generated+post+paging"),
      };
      for (const r of Object.values(first))
        log(`scale ${posts}: first ${r.path} ${r.status} in ${fmtMs(r.ms)}`);
      const feedBytes: Record<string, number> = {};
      for (const feed of FEEDS)
        feedBytes[feed] = (await (await fetch(`${site.url}${feed}`)).arrayBuffer()).byteLength;
      const afterTraffic = treeRssBytes(site.child.pid!);
      const heapAfter = await heapFigures(site);
      // V8 keeps the pages the traffic's garbage used (its pool) until its memory reducer runs,
      // some 8-10 s after the server goes quiet.
      await sleep(SETTLE_MS);
      const settled = treeRssBytes(site.child.pid!);
      const listRequests = (await workspaceStats(ws.url)).byRoute["GET /api/external/v2/blog-posts"] ?? 0;
      // After the figures above, which describe the server as started: the revalidation fetches the blog again.
      const afterRevalidation = await revalidateAndTime(site, ws, posts, build.postsInWorkspace);
      log(
        `scale ${posts}: after a revalidation (visible in ${fmtMs(afterRevalidation.visibleMs)}): ` +
          `search ${fmtMs(afterRevalidation.search.ms)}, oldest post ${fmtMs(afterRevalidation.oldestPost.ms)}, RSS ${mib(afterRevalidation.rssBytes)}`,
      );
      // The build's own copy (server/app), and every copy after the first request: Next 16's file
      // cache copies a prerendered file into server/route-cache the first time it serves it.
      const serverDir = path.join(ROOT, distDir, "server");
      const copies = (dir: string) => Object.fromEntries(FEEDS.map((f) => [f, filesNamed(dir, f.slice(1))]));
      const feedCopies = { build: copies(path.join(serverDir, "app")), served: copies(serverDir) };
      return {
        posts,
        build: { ok: build.ok, wallMs: build.wallMs, peakRssBytes: build.peakRssBytes },
        readyMs,
        startPeakRssBytes: peak,
        idleRssBytes: idle,
        afterTrafficRssBytes: afterTraffic,
        settledRssBytes: settled,
        heap: {
          limitBytes: heapLimitBytes(),
          startPeakUsedBytes: heapPeak,
          ready: heapReady ?? { usedBytes: NaN, totalBytes: NaN },
          afterTraffic: heapAfter ?? { usedBytes: NaN, totalBytes: NaN },
        },
        listRequests,
        first,
        afterRevalidation,
        feedBytes,
        feedCopies,
        memory: await measurePostMemory(posts),
      };
    } finally {
      await site.stop();
    }
  } finally {
    await ws.stop();
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
    if (!keep) rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
  }
}

const fmtFirst = (f: FirstRequest) => `${fmtMs(f.ms)}${f.status === 200 ? "" : ` (${f.status})`}`;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The old-space limit the bench's servers run with: `npm start`'s, unless NODE_OPTIONS sets one. */
function heapLimitBytes(): number {
  const flags = [process.env.NODE_OPTIONS ?? "", ...serverHeapFlags(process.env.NODE_OPTIONS)].join(" ");
  const mb = /--max[-_]old[-_]space[-_]size=(\d+)/.exec(flags)?.[1];
  return mb ? Number(mb) * 2 ** 20 : NaN;
}

export const scale = section({
  name: "scale",
  needs: "none",
  async run(ctx): Promise<ScaleRow[]> {
    const sizes = ctx.posts ?? (ctx.quick ? DEFAULT_SIZES.slice(0, 2) : DEFAULT_SIZES);
    const rows: ScaleRow[] = [];
    for (const posts of sizes) rows.push(await measureSize(posts, ctx.ports, ctx.keepBuilds));
    return rows;
  },
  targets(rows) {
    const t: Target[] = [];
    for (const r of rows) {
      const at = `${r.posts.toLocaleString("en")} posts`;
      const biggestFeed = Math.max(...Object.values(r.feedBytes));
      t.push({
        name: `scale ${at}: largest feed`,
        value: kib(biggestFeed),
        target: "< 200 KiB",
        pass: biggestFeed < 200 * 1024,
      });
      const slowest = Math.max(...Object.values(r.first).map((f) => f.ms));
      t.push({
        name: `scale ${at}: slowest first request after ready`,
        value: fmtMs(slowest),
        target: "<= 200 ms",
        pass: null,
      });
      for (const [what, r2] of [
        ["first search", r.afterRevalidation.search],
        ["first view of the oldest post", r.afterRevalidation.oldestPost],
      ] as const)
        t.push({
          name: `scale ${at}: ${what} after a revalidation`,
          value: `${fmtMs(r2.ms)}${r2.status === 200 ? "" : ` (${r2.status})`}`,
          target: "<= 300 ms",
          pass: r2.status === 200 && r2.ms <= 300,
        });
      t.push({
        name: `scale ${at}: server RSS after traffic`,
        value: mib(r.afterTrafficRssBytes),
        // The target is in MB (10^6 bytes): 300 MB is 286 MiB.
        target: "<= 300 MB (286 MiB)",
        pass: r.afterTrafficRssBytes <= 300e6,
      });
      t.push({
        name: `scale ${at}: V8 heap used at most while starting (limit)`,
        value: `${mib(r.heap.startPeakUsedBytes)} (${mib(r.heap.limitBytes)})`,
        target: "< 75% of the limit",
        pass: r.heap.startPeakUsedBytes < 0.75 * r.heap.limitBytes,
      });
      t.push({
        name: `scale ${at}: blog lists fetched by the server`,
        value: String(r.listRequests),
        target: "1",
        pass: r.listRequests === 1,
      });
      t.push({
        name: `scale ${at}: search index per post`,
        value: `${r.memory.indexBytes.toFixed(0)} B`,
        target: "<= 1,000 B",
        pass: r.memory.indexBytes <= 1_000,
      });
      const slowestRank = Math.max(...Object.values(r.memory.rankMs));
      t.push({
        name: `scale ${at}: slowest in-process ranking of a results page`,
        value: fmtMs(slowestRank),
        target: "<= 200 ms",
        pass: slowestRank <= 200,
      });
      const copies = Math.max(...Object.values(r.feedCopies.build));
      const served = Math.max(...Object.values(r.feedCopies.served));
      t.push({
        name: `scale ${at}: copies of a feed in the build (once served)`,
        value: `${copies} (${served})`,
        target: "1",
        pass: copies === 1,
      });
    }
    return t;
  },
  tables(rows) {
    return [
      {
        header: [
          "posts",
          "build",
          "build peak",
          "ready after",
          "RSS start peak",
          "RSS ready → after → settled",
          "heap peak; used/held ready → after",
          "listing",
          "next listing",
          "older post",
          "tag page",
          "sitemap",
          "search (one post)",
          "search (every post)",
          "after a revalidation: visible; search / oldest post; RSS",
          "feeds (rss/atom/json)",
          "B/post store+index",
          "ranking in process (one / every post / typo)",
        ],
        rows: rows.map((r) => [
          r.posts.toLocaleString("en"),
          fmtMs(r.build.wallMs),
          mib(r.build.peakRssBytes),
          fmtMs(r.readyMs),
          mib(r.startPeakRssBytes),
          `${mib(r.idleRssBytes)} → ${mib(r.afterTrafficRssBytes)} → ${mib(r.settledRssBytes)}`,
          `${mib(r.heap.startPeakUsedBytes)}; ${mib(r.heap.ready.usedBytes)}/${mib(r.heap.ready.totalBytes)} → ${mib(r.heap.afterTraffic.usedBytes)}/${mib(r.heap.afterTraffic.totalBytes)}`,
          ...[
            r.first.listing,
            r.first.nextListing,
            r.first.olderPost,
            r.first.tagPage,
            r.first.sitemap,
            r.first.search,
            r.first.broadSearch,
          ].map(fmtFirst),
          `${fmtMs(r.afterRevalidation.visibleMs)}; ${fmtFirst(r.afterRevalidation.search)} / ${fmtFirst(r.afterRevalidation.oldestPost)}; ${mib(r.afterRevalidation.rssBytes)}`,
          FEEDS.map((f) => kib(r.feedBytes[f] ?? 0)).join(" / "),
          `${r.memory.storeBytes.toFixed(0)} + ${r.memory.indexBytes.toFixed(0)}`,
          [r.memory.rankMs.onePost, r.memory.rankMs.everyPost, r.memory.rankMs.everyPostTypo]
            .map((ms) => `${ms.toFixed(1)} ms`)
            .join(" / "),
        ]),
      },
    ];
  },
});
