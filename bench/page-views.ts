import { resetWorkspaceStats, workspaceStats, log } from "./lib";
import { sleep } from "../tests/helpers/until";
import { countStatus, section } from "./section";

/*
 * 1,000 views across the prerendered public pages of the shared server, counting what reached
 * the workspace: a page view never should (pages are static or ISR). How fast a cached page is
 * served, against a bare Next app, is the serving section's.
 */

type PageViews = {
  upstreamRequestsFor1000Views: number;
  viewStatuses: Record<string, number>;
  secondsSinceBuildAtViews: number;
};

export const pageViews = section({
  name: "page-views",
  needs: "site",
  async run({ site, ws, postPath, builtAt }): Promise<PageViews> {
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
    log(`page views: ${upstream} upstream requests for 1,000 views`);
    return {
      upstreamRequestsFor1000Views: upstream,
      viewStatuses: statuses,
      secondsSinceBuildAtViews: secondsSinceBuild,
    };
  },
  targets: (pv) => [
    {
      name: "upstream requests for 1,000 page views",
      value: String(pv.upstreamRequestsFor1000Views),
      target: "0",
      pass: pv.upstreamRequestsFor1000Views === 0,
    },
  ],
  tables: (pv) => [
    {
      header: ["1,000 page views", "answers", "upstream requests", "seconds since the build"],
      rows: [
        [
          "public pages",
          JSON.stringify(pv.viewStatuses),
          String(pv.upstreamRequestsFor1000Views),
          String(pv.secondsSinceBuildAtViews),
        ],
      ],
    },
  ],
});
