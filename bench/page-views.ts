import { log, resetWorkspaceStats, startStaticServer, workspaceStats } from "./lib";
import { loadRun, type AutocannonSummary } from "./load-run";
import { sleep } from "../tests/helpers/until";
import { countStatus, fmtMs, median, section } from "./section";

/*
 * A cached post page through `next start` against a static node:http server sending the same
 * bytes (interleaved rounds, medians), and 1,000 views across the prerendered public pages,
 * counting what reached the workspace (a page view never should).
 */

type PageViews = {
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

export const pageViews = section({
  name: "page-views",
  needs: "site",
  async run({ site, ws, postPath, builtAt }): Promise<PageViews> {
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
    const nextRps = median(nextRuns.map((r) => r.rps));
    const staticRps = median(staticRuns.map((r) => r.rps));

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
    return {
      path: postPath,
      bytes: bytes.length,
      next: nextRuns,
      staticServer: staticRuns,
      rpsRatio: nextRps / staticRps,
      p99Ratio: median(nextRuns.map((r) => r.p99Ms)) / Math.max(median(staticRuns.map((r) => r.p99Ms)), 1),
      upstreamRequestsFor1000Views: upstream,
      viewStatuses: statuses,
      secondsSinceBuildAtViews: secondsSinceBuild,
    };
  },
  targets: (pv) => [
    {
      name: "post page rps: next start / static server",
      value: `${pv.rpsRatio.toFixed(2)}x`,
      target: "reported",
      pass: null,
    },
    {
      name: "post page p99: next start / static server",
      value: `${pv.p99Ratio.toFixed(2)}x`,
      target: "reported",
      pass: null,
    },
    {
      name: "upstream requests for 1,000 page views",
      value: String(pv.upstreamRequestsFor1000Views),
      target: "0",
      pass: pv.upstreamRequestsFor1000Views === 0,
    },
  ],
  tables(pv) {
    const med = (rs: AutocannonSummary[], k: "rps" | "p99Ms" | "p50Ms") => median(rs.map((r) => r[k]));
    const row = (name: string, rs: AutocannonSummary[]) => [
      name,
      med(rs, "rps").toFixed(0),
      fmtMs(med(rs, "p50Ms")),
      fmtMs(med(rs, "p99Ms")),
    ];
    return [
      {
        header: [`page views ${pv.path} (${pv.bytes} B)`, "req/s (median of 3)", "p50", "p99"],
        rows: [row("next start", pv.next), row("static node:http", pv.staticServer)],
      },
    ];
  },
});
