import { LOCAL_DEMO_API_KEY } from "../lib/config/schema";
import { log, type SiteProcess, type WorkspaceProcess } from "./lib";
import { percentile } from "./load-run";
import { countStatus, fmtMs, section, timed } from "./section";

/*
 * POST /api/newsletter against the same subscribe sent straight to the workspace, sequential
 * and interleaved: on loopback, and with 50 ms added upstream (a hosted workspace is a network
 * round trip away; the local one answers in a few milliseconds, which makes any fixed cost look
 * large).
 */

type NewsletterSample = {
  samples: number;
  site: { p50Ms: number; p99Ms: number; statuses: Record<string, number> };
  direct: { p50Ms: number; p99Ms: number; statuses: Record<string, number> };
  p50Ratio: number;
  p99Ratio: number;
  p50AddedMs: number;
};

async function sample(
  site: SiteProcess,
  ws: WorkspaceProcess,
  siteOrigin: string,
  N: number,
  tag: string,
): Promise<NewsletterSample> {
  const runId = `${Date.now().toString(36)}${tag}`;
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
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-api-key": LOCAL_DEMO_API_KEY,
        },
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

export const newsletter = section({
  name: "newsletter",
  needs: "site",
  async run({ site, ws, ports }) {
    const siteOrigin = `http://localhost:${ports.site}`;
    const loopback = await sample(site, ws, siteOrigin, 150, "a");
    log(
      `newsletter: site p50 ${loopback.site.p50Ms.toFixed(1)} ms vs direct ${loopback.direct.p50Ms.toFixed(1)} ms (loopback)`,
    );
    // The workspace's "slow" fault delays both paths alike.
    const fault = await fetch(`${ws.url}/__local/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "slow", delayMs: 50, pathPrefix: "/api/external/v2/email-subscriptions" }),
    });
    if (!fault.ok) throw new Error(`could not set the slow fault: ${fault.status}`);
    try {
      const wan = await sample(site, ws, siteOrigin, 60, "b");
      log(
        `newsletter: site p50 ${wan.site.p50Ms.toFixed(1)} ms vs direct ${wan.direct.p50Ms.toFixed(1)} ms (+50 ms upstream)`,
      );
      return { ...loopback, withUpstreamLatency50Ms: wan };
    } finally {
      await fetch(`${ws.url}/__local/faults`, { method: "DELETE" });
    }
  },
  targets(nl) {
    const w = nl.withUpstreamLatency50Ms;
    return [
      {
        name: "newsletter p50: site / direct (loopback workspace)",
        value: `${nl.p50Ratio.toFixed(2)}x (+${nl.p50AddedMs.toFixed(1)} ms)`,
        target: "<= 1.5x",
        pass: nl.p50Ratio <= 1.5,
      },
      {
        name: "newsletter p50: site / direct (+50 ms upstream)",
        value: `${w.p50Ratio.toFixed(2)}x (+${w.p50AddedMs.toFixed(1)} ms)`,
        target: "<= 1.5x",
        pass: w.p50Ratio <= 1.5,
      },
    ];
  },
  tables(nl) {
    const w = nl.withUpstreamLatency50Ms;
    const row = (name: string, s: NewsletterSample, side: "site" | "direct") => [
      name,
      String(s.samples),
      fmtMs(s[side].p50Ms),
      fmtMs(s[side].p99Ms),
      JSON.stringify(s[side].statuses),
    ];
    return [
      {
        header: [`newsletter (sequential, interleaved)`, "samples", "p50", "p99", "statuses"],
        rows: [
          row("POST /api/newsletter", nl, "site"),
          row("direct POST to the workspace", nl, "direct"),
          row("POST /api/newsletter, +50 ms upstream", w, "site"),
          row("direct, +50 ms upstream", w, "direct"),
        ],
      },
    ];
  },
});
