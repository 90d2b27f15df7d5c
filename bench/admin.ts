import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../lib/config/schema";
import { reseed } from "./builds";
import { log, resetWorkspaceStats, workspaceStats, type SiteProcess, type WorkspaceProcess } from "./lib";
import { percentile } from "./load-run";
import { fmtMs, section, timed } from "./section";

/*
 * The admin's members page with 100 members and with 10,000 (the workspace reseeded between),
 * same session, sequential views: its latency should not grow with the team. Reseeds the
 * workspace, so it runs after every section that reads the blog.
 */

const MEMBERS_SMALL = 100;
const MEMBERS_LARGE = 10_000;
const SAMPLES = 30;

export async function adminLogin(site: SiteProcess, siteOrigin: string): Promise<string> {
  const res = await fetch(`${site.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: siteOrigin, "x-forwarded-for": "10.200.0.1" },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("masthead_admin="));
  if (res.status !== 200 || !cookie) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0]!;
}

async function timeMembersPage(site: SiteProcess, ws: WorkspaceProcess, cookie: string) {
  const get = async () => {
    const r = await fetch(`${site.url}/admin/members`, {
      headers: { cookie },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    await r.text();
    if (r.status !== 200) throw new Error(`/admin/members answered ${r.status}`);
  };
  for (let i = 0; i < 3; i++) await get();
  await resetWorkspaceStats(ws.url);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await timed(get));
  const upstream = (await workspaceStats(ws.url)).total;
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p90Ms: percentile(times, 90), upstreamPerView: upstream / SAMPLES };
}

export const admin = section({
  name: "admin",
  needs: "site",
  async run({ site, ws, ports }) {
    const cookie = await adminLogin(site, `http://localhost:${ports.site}`);
    const small = await timeMembersPage(site, ws, cookie);
    await reseed(ws, 100, MEMBERS_LARGE);
    const large = await timeMembersPage(site, ws, cookie);
    log(
      `admin: members page p50 ${small.p50Ms.toFixed(1)} ms (100) vs ${large.p50Ms.toFixed(1)} ms (10,000)`,
    );
    return {
      samples: SAMPLES,
      small: { members: MEMBERS_SMALL, ...small },
      large: { members: MEMBERS_LARGE, ...large },
      p50Ratio: large.p50Ms / small.p50Ms,
    };
  },
  targets: (ad) => [
    {
      name: "admin members page p50: 10,000 / 100 members",
      value: `${ad.p50Ratio.toFixed(2)}x`,
      target: "<= 1.5x",
      pass: ad.p50Ratio <= 1.5,
    },
  ],
  tables: (ad) => [
    {
      header: [`admin /admin/members (${ad.samples} views each)`, "p50", "p90", "upstream requests per view"],
      rows: [ad.small, ad.large].map((s) => [
        `${s.members.toLocaleString("en")} members`,
        fmtMs(s.p50Ms),
        fmtMs(s.p90Ms),
        s.upstreamPerView.toFixed(1),
      ]),
    },
  ],
});
