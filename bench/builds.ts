import { rmSync } from "node:fs";
import path from "node:path";
import {
  ROOT,
  countPrerendered,
  log,
  measuredNextBuild,
  mib,
  resetWorkspaceStats,
  workspacePostCount,
  workspaceStats,
  type WorkspaceProcess,
} from "./lib";
import { fmtMs, section, type BuildResult, type Target } from "./section";

/*
 * `next build` at 100, 1,000 and 10,000 posts (100 and 1,000 with --quick): wall time, the
 * process tree's peak memory, what reached the workspace, what was prerendered. The 100-post
 * build is the one bench/run.ts makes for the other sections; this section adds the others,
 * each from the same workspace, wiped and seeded again.
 */

const BUILD_TIMEOUT_MS = 20 * 60_000;
const GIB = 1024 ** 3;
export const MEMBERS_SMALL = 100;

/** Wipes the workspace and seeds the demo content, `posts` synthetic posts and 100 members. */
export async function reseed(ws: WorkspaceProcess, posts: number, members = MEMBERS_SMALL): Promise<void> {
  log(
    `reseeding the workspace: ${posts.toLocaleString("en")} posts, ${members.toLocaleString("en")} members`,
  );
  const res = await fetch(`${ws.url}/__local/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ posts, members }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`reseeding ${posts} posts and ${members} members failed: ${res.status}`);
}

/** One measured build of what `ws` holds into `distDir` (emptied first). */
export async function measureBuild(
  posts: number,
  ws: WorkspaceProcess,
  distDir: string,
  sitePort: number,
): Promise<BuildResult> {
  rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
  const inWorkspace = await workspacePostCount(ws);
  await resetWorkspaceStats(ws.url);
  log(`next build with ${inWorkspace} posts into ${distDir}`);
  const run = await measuredNextBuild({ distDir, wsPort: ws.port, sitePort }, BUILD_TIMEOUT_MS);
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

export const builds = section({
  name: "builds",
  needs: "build",
  async run(ctx): Promise<BuildResult[]> {
    const results = [ctx.build];
    for (const posts of ctx.quick ? [1_000] : [1_000, 10_000]) {
      await reseed(ctx.ws, posts);
      const distDir = `.next-bench-${posts}`;
      results.push(await measureBuild(posts, ctx.ws, distDir, ctx.ports.site));
      if (!ctx.keepBuilds) rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
    }
    return results;
  },
  targets(results) {
    const t: Target[] = results.map((b) => ({
      name: `build ${b.posts.toLocaleString("en")} posts: upstream requests`,
      value: b.ok ? String(b.upstreamRequests) : "build failed",
      target: "<= 3",
      pass: b.ok && b.upstreamRequests <= 3,
    }));
    const small = results.find((b) => b.posts === 100);
    const big = results.find((b) => b.posts === 10_000);
    if (big) {
      t.push({
        name: "build 10,000 posts: peak memory",
        value: mib(big.peakRssBytes),
        target: "< 2048 MiB",
        pass: big.ok && big.peakRssBytes < 2 * GIB,
      });
      if (small) {
        const ratio = big.wallMs / small.wallMs;
        t.push({
          name: "build time 10,000 / 100 posts",
          value: `${ratio.toFixed(2)}x`,
          target: "<= 3x",
          pass: big.ok && ratio <= 3,
        });
      }
    }
    return t;
  },
  tables(results) {
    const base = results.find((b) => b.posts === 100 && b.ok);
    return [
      {
        header: [
          "build",
          "posts in workspace",
          "wall time",
          "time / 100-post build",
          "peak RSS (tree)",
          "upstream requests",
          "prerendered routes",
          "HTML files",
        ],
        rows: results.map((b) => [
          `${b.posts.toLocaleString("en")} posts${b.ok ? "" : " (FAILED)"}`,
          String(b.postsInWorkspace),
          fmtMs(b.wallMs),
          base ? `${(b.wallMs / base.wallMs).toFixed(2)}x` : "n/a",
          mib(b.peakRssBytes),
          String(b.upstreamRequests),
          String(b.prerenderedRoutes),
          String(b.prerenderedHtmlFiles),
        ]),
      },
    ];
  },
});
