import { execFileSync } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import path from "node:path";
import { nodeRuntimeProblem } from "../lib/config/node-runtime";
import { freePort } from "../tests/helpers/redis-server";
import { regenerate } from "./instances";
import { firstPostPath, log, startSite, type SiteProcess } from "./lib";
import { combinedRuns, loadRun, percentile, type AutocannonSummary } from "./load-run";
import { treeCpuMs } from "./process-tree";
import { fmtMs, median, section, type Table, type Target } from "./section";

/*
 * The post page on two supported Node.js lines side by side (`npm run bench -- --only runtime`):
 * one build, two servers, one on the Node the bench runs on, one on the other line Masthead
 * supports (lib/config/node-runtime.ts; the launcher refuses anything older): BENCH_OTHER_NODE names
 * its binary, else the first `node` on PATH of another supported major. Both run without the
 * in-process delivery worker (DELIVERY_WORKER=off): a cached post view never touches it.
 *
 * As in the serving section: every server first renders the post page again (a server that has
 * not rendered yet skips work every later request pays, and would flatter its line), then a short warm-up, then
 * mirrored rounds (A B B A, the other server first in every other round), each ratio the
 * median of the rounds' ratios. Server CPU per view is the server process tree's own CPU time
 * over the requests it answered.
 */

const ROUNDS = 7;
const LOAD_SECONDS = 1.5;
const WARM_SECONDS = 3;
const CONNECTIONS = 10;

type NodeBinary = { path: string; version: string };

type Side = {
  node: string;
  runs: AutocannonSummary[];
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerView: number;
};

export type RuntimeBenchResult =
  | { skipped: string }
  | {
      postPath: string;
      current: Side;
      other: Side;
      /** Median over the rounds of the current Node's req/s over the other line's. */
      rpsRatio: number;
      rpsRatioMiddleHalf: [number, number];
      cpuRatio: number;
    };

const majorOf = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

function versionOf(binary: string): string | undefined {
  try {
    return execFileSync(binary, ["-v"], { encoding: "utf8", timeout: 10_000 }).trim();
  } catch {
    return undefined;
  }
}

/** BENCH_OTHER_NODE, else the first `node` on PATH of another supported major than this one. */
export function otherNode(): NodeBinary | { missing: string } {
  const current = majorOf(process.version);
  const supportedOther = (version: string) =>
    majorOf(version) !== current && nodeRuntimeProblem(version) === undefined;
  const named = process.env.BENCH_OTHER_NODE?.trim();
  if (named) {
    const version = versionOf(named);
    if (!version) return { missing: `BENCH_OTHER_NODE=${named} does not run` };
    if (!supportedOther(version))
      return {
        missing: `BENCH_OTHER_NODE=${named} is ${version}: not another supported line than ${process.version}`,
      };
    return { path: named, version };
  }
  const own = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, "node");
    try {
      accessSync(candidate, constants.X_OK);
      if (realpathSync(candidate) === own) continue;
    } catch {
      continue;
    }
    const version = versionOf(candidate);
    if (version && supportedOther(version)) return { path: candidate, version };
  }
  return {
    missing: `no node of another supported line than ${process.version} on PATH (or set BENCH_OTHER_NODE)`,
  };
}

export const runtime = section({
  name: "runtime",
  needs: "build",
  async run(ctx): Promise<RuntimeBenchResult> {
    const old = otherNode();
    if ("missing" in old) {
      log(`runtime: skipped: ${old.missing}`);
      return { skipped: old.missing };
    }
    log(
      `runtime: the post page on ${process.version} (${process.execPath}) and ${old.version} (${old.path})`,
    );
    const common = { distDir: ctx.distDir, wsPort: ctx.ws.port, env: { DELIVERY_WORKER: "off" } };
    const servers: { current?: SiteProcess; other?: SiteProcess } = {};
    try {
      servers.current = await startSite({ ...common, sitePort: ctx.ports.site });
      servers.other = await startSite({ ...common, sitePort: await freePort(), node: old.path });
      const sites = { current: servers.current, other: servers.other };
      const postPath = await firstPostPath(sites.current);
      for (const side of ["current", "other"] as const) {
        await regenerate({ name: side, url: sites[side].url }, postPath);
        await loadRun({ url: sites[side].url + postPath, connections: CONNECTIONS, duration: WARM_SECONDS });
      }
      const pidOf = (side: "current" | "other") => {
        const pid = sites[side].child.pid;
        if (pid === undefined) throw new Error(`the ${side} server has no process id`);
        return pid;
      };
      const figures = {
        current: { runs: [] as AutocannonSummary[], cpuUs: [] as number[] },
        other: { runs: [] as AutocannonSummary[], cpuUs: [] as number[] },
      };
      for (let round = 1; round <= ROUNDS; round++) {
        log(`runtime: round ${round}/${ROUNDS}`);
        const half = round % 2 ? (["current", "other"] as const) : (["other", "current"] as const);
        const done = { current: [] as AutocannonSummary[], other: [] as AutocannonSummary[] };
        const cpuMs = { current: 0, other: 0 };
        for (const side of [...half, ...[...half].reverse()]) {
          const before = treeCpuMs(pidOf(side));
          done[side].push(
            await loadRun({
              url: sites[side].url + postPath,
              connections: CONNECTIONS,
              duration: LOAD_SECONDS,
            }),
          );
          cpuMs[side] += treeCpuMs(pidOf(side)) - before;
        }
        for (const side of ["current", "other"] as const) {
          const run = combinedRuns(done[side][0]!, done[side][1]!);
          figures[side].runs.push(run);
          figures[side].cpuUs.push((cpuMs[side] * 1000) / Math.max(run.requests, 1));
        }
      }
      const sideOf = (side: "current" | "other", node: string): Side => ({
        node,
        runs: figures[side].runs,
        rps: median(figures[side].runs.map((r) => r.rps)),
        p50Ms: median(figures[side].runs.map((r) => r.p50Ms)),
        p99Ms: median(figures[side].runs.map((r) => r.p99Ms)),
        cpuUsPerView: median(figures[side].cpuUs),
      });
      const ratios = figures.current.runs
        .map((r, i) => r.rps / figures.other.runs[i]!.rps)
        .sort((a, b) => a - b);
      const cpuRatios = figures.current.cpuUs.map((c, i) => c / Math.max(figures.other.cpuUs[i]!, 1e-9));
      return {
        postPath,
        current: sideOf("current", process.version),
        other: sideOf("other", old.version),
        rpsRatio: median(ratios),
        rpsRatioMiddleHalf: [percentile(ratios, 25), percentile(ratios, 75)],
        cpuRatio: median(cpuRatios),
      };
    } finally {
      await servers.other?.stop();
      await servers.current?.stop();
    }
  },
  targets(r): Target[] {
    if ("skipped" in r)
      return [
        {
          name: "post page rps: this Node / the other supported line",
          value: `skipped: ${r.skipped}`,
          target: "reported",
          pass: null,
        },
      ];
    const failed = [r.current, r.other]
      .flatMap((s) => s.runs)
      .reduce((n, run) => n + run.non2xx + run.errors, 0);
    return [
      {
        name: `post page rps: Node ${r.current.node} / ${r.other.node}`,
        value: `${r.rpsRatio.toFixed(2)}x (middle half of the rounds ${r.rpsRatioMiddleHalf.map((x) => x.toFixed(2)).join("-")})`,
        target: "reported",
        pass: null,
      },
      {
        name: `post page server CPU per view: Node ${r.current.node} / ${r.other.node}`,
        value: `${r.cpuRatio.toFixed(2)}x (${r.current.cpuUsPerView.toFixed(0)} / ${r.other.cpuUsPerView.toFixed(0)} µs)`,
        target: "reported",
        pass: null,
      },
      { name: "runtime: answers that were not 200", value: String(failed), target: "0", pass: failed === 0 },
    ];
  },
  tables(r): Table[] {
    if ("skipped" in r) return [];
    return [
      {
        header: [`runtime: ${r.postPath}`, "req/s (median)", "p50", "p99", "server CPU / view"],
        rows: [r.current, r.other].map((s) => [
          `Node ${s.node}`,
          s.rps.toFixed(0),
          fmtMs(s.p50Ms),
          fmtMs(s.p99Ms),
          `${s.cpuUsPerView.toFixed(0)} µs`,
        ]),
      },
    ];
  },
});
