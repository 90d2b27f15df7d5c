/*
 * `npm run load`: a bounded load run (about 30 s of traffic, loopback only) against a
 * prerendered post page and against the newsletter route, on a production build with its own
 * local workspace. Passes when nothing failed except the designed 429s (the newsletter's
 * per-client budget): no 5xx, no socket errors, no timeouts, and no upstream requests caused
 * by page views. Exit code 0 on pass, 1 on fail.
 *
 *   npm run load                 # builds .next-bench-load the first time (~1-2 min)
 *   npm run load -- --rebuild    # build again (after code changes)
 *   npm run load -- --seconds 20 # seconds per target (default 15, max 60)
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ROOT,
  installCleanup,
  log,
  measuredNextBuild,
  resetWorkspaceStats,
  startSite,
  startWorkspace,
  stopAll,
  workspaceStats,
} from "../lib";
import { loadRun, type AutocannonSummary } from "../load-run";

const { values: flags } = parseArgs({
  options: { rebuild: { type: "boolean", default: false }, seconds: { type: "string", default: "15" } },
  strict: true,
});
const SECONDS = Math.min(60, Math.max(5, Number(flags.seconds) || 15));
const SITE_PORT = Number(process.env.LOAD_SITE_PORT ?? 3503);
const WS_PORT = Number(process.env.LOAD_WORKSPACE_PORT ?? 4503);
const DIST = ".next-bench-load";

type Verdict = {
  target: string;
  summary: AutocannonSummary;
  unexpected: Record<string, number>;
  pass: boolean;
};

function unexpectedOutcomes(s: AutocannonSummary, allowed: Set<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, count] of Object.entries(s.statusCodes)) if (!allowed.has(code)) out[code] = count;
  if (s.errors) out["socket errors"] = s.errors;
  if (s.timeouts) out.timeouts = s.timeouts;
  return out;
}

async function main(): Promise<number> {
  installCleanup();
  const ws = await startWorkspace({ port: WS_PORT, dataDir: "data/bench-load-ws" });
  try {
    if (flags.rebuild || !existsSync(path.join(ROOT, DIST, "BUILD_ID"))) {
      log(`building into ${DIST}`);
      const build = await measuredNextBuild(
        { distDir: DIST, wsPort: WS_PORT, sitePort: SITE_PORT },
        15 * 60_000,
      );
      if (build.exitCode !== 0) {
        log(build.output.split("\n").slice(-30).join("\n"));
        throw new Error("next build failed");
      }
    }
    const site = await startSite({ distDir: DIST, wsPort: WS_PORT, sitePort: SITE_PORT });
    try {
      const html = await (await fetch(`${site.url}/blog`)).text();
      const post = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
        .map((m) => m[1]!)
        .find((h) => !h.startsWith("/blog/page"));
      if (!post) throw new Error("no post link on /blog");
      const verdicts: Verdict[] = [];

      await resetWorkspaceStats(ws.url);
      log(`${SECONDS} s against GET ${post} (20 connections)`);
      const page = await loadRun(
        { url: `${site.url}${post}`, connections: 20, duration: SECONDS },
        (SECONDS + 30) * 1000,
      );
      const upstream = (await workspaceStats(ws.url)).total;
      const pageUnexpected = unexpectedOutcomes(page, new Set(["200"]));
      if (upstream > 0) pageUnexpected["upstream requests"] = upstream;
      verdicts.push({
        target: `GET ${post}`,
        summary: page,
        unexpected: pageUnexpected,
        pass: Object.keys(pageUnexpected).length === 0 && page.requests > 0,
      });

      // One client posting as fast as it can: the first few are subscribed (201, or 202 when the
      // delivery pace stores them for the worker), then the designed 429s.
      log(`${SECONDS} s against POST /api/newsletter (10 connections, one client, unique addresses)`);
      let n = 0;
      const runId = Date.now().toString(36);
      const newsletter = await loadRun(
        {
          url: `${site.url}/api/newsletter`,
          connections: 10,
          duration: SECONDS,
          requests: [
            {
              method: "POST",
              path: "/api/newsletter",
              setupRequest: (req) => ({
                ...req,
                headers: {
                  "content-type": "application/json",
                  accept: "application/json",
                  origin: `http://localhost:${SITE_PORT}`,
                },
                body: JSON.stringify({ email: `load-${runId}-${n++}@example.com` }),
              }),
            },
          ],
        },
        (SECONDS + 30) * 1000,
      );
      const nlUnexpected = unexpectedOutcomes(newsletter, new Set(["201", "202", "429"]));
      verdicts.push({
        target: "POST /api/newsletter",
        summary: newsletter,
        unexpected: nlUnexpected,
        pass: Object.keys(nlUnexpected).length === 0 && (newsletter.statusCodes["429"] ?? 0) > 0,
      });

      const rows = verdicts.map((v) => ({
        target: v.target,
        requests: v.summary.requests,
        "req/s": Math.round(v.summary.rps),
        "p50 ms": v.summary.p50Ms,
        "p99 ms": v.summary.p99Ms,
        statuses: JSON.stringify(v.summary.statusCodes),
        unexpected: Object.keys(v.unexpected).length ? JSON.stringify(v.unexpected) : "none",
        pass: v.pass ? "yes" : "NO",
      }));
      console.table(rows);
      mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
      writeFileSync(
        path.join(ROOT, "bench-results/load.json"),
        JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, verdicts }, null, 2) + "\n",
      );
      return verdicts.every((v) => v.pass) ? 0 : 1;
    } finally {
      await site.stop();
    }
  } finally {
    await ws.stop();
  }
}

main().then(
  async (code) => {
    await stopAll();
    process.exit(code);
  },
  async (error: unknown) => {
    log(`load run failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
