import type { MobileAudit } from "./lighthouse-audit";
import { fmtMs, median, type Table, type Target } from "./section";
import {
  LIGHTHOUSE_RUNS,
  MEMORY_REQUESTS,
  PAGES,
  POST,
  RSS_SAMPLE_EVERY,
  type ServingBenchResult,
} from "./serving-plan";

/* The serving section's targets and table, from the figures bench/serving.ts measured. */

const x = (n: number) => `${n.toFixed(2)}x`;
const isPage = (p: string) => (PAGES as readonly string[]).includes(p);
/** A new RSS peak this far above the earlier one is growth, not the garbage collector. */
const FLAT_RSS = 0.05;

export function servingTargets(r: ServingBenchResult): Target[] {
  const targets: Target[] = [];
  for (const f of r.paths) {
    targets.push({
      name: `${f.path} rps: Masthead / bare Next (Node ${r.node})`,
      value: `${x(f.rpsRatio)} (middle half of the rounds ${f.rpsRatioMiddleHalf.map((r) => r.toFixed(2)).join("-")})`,
      target: ">= 0.9x",
      pass: f.rpsRatio >= 0.9,
    });
    targets.push({
      name: `${f.path} server CPU per request: Masthead / bare Next`,
      value: `${x(f.cpuRatio)} (${f.mastheadCpuUs.toFixed(0)} / ${f.controlCpuUs.toFixed(0)} µs)`,
      target: "reported",
      pass: null,
    });
    if (isPage(f.path))
      targets.push({
        name: `${f.path} p50: Masthead / bare Next`,
        value: `${x(f.p50Ratio)} (${fmtMs(f.mastheadP50Ms)} / ${fmtMs(f.controlP50Ms)})`,
        target: "<= 1.2x",
        pass: f.p50Ratio <= 1.2,
      });
  }
  targets.push(
    lighthouseTarget(r.lighthouse),
    {
      name: "post page rps: with Redis / embedded",
      value: x(r.redis.ratioToEmbedded),
      target: ">= 0.7x",
      pass: r.redis.ratioToEmbedded >= 0.7,
    },
    {
      name: "unknown addresses rps / post page rps",
      value: x(r.unknown.ratioToKnown),
      target: ">= 0.4x",
      pass: r.unknown.ratioToKnown >= 0.4,
    },
    {
      name: "unknown addresses: every answer 404",
      value: JSON.stringify(r.unknown.statuses),
      target: '{"404": all}',
      pass: Object.keys(r.unknown.statuses).every((s) => s === "404"),
    },
    {
      name: `RSS peak over the last ${MEMORY_REQUESTS / 2} of ${MEMORY_REQUESTS} unknown addresses / over the first`,
      value: `${(r.unknown.memory.growth * 100).toFixed(1)}% (${mibOf(r.unknown.memory.firstHalfPeakBytes)} → ${mibOf(r.unknown.memory.secondHalfPeakBytes)}; every ${RSS_SAMPLE_EVERY}: ${r.unknown.memory.rssSamplesBytes.map((b) => (b / 1024 / 1024).toFixed(0)).join(", ")})`,
      target: `<= ${FLAT_RSS * 100}%`,
      pass: r.unknown.memory.growth <= FLAT_RSS,
    },
  );
  return targets;
}

/**
 * Reported beside the control rather than judged here: Lighthouse's performance score comes
 * from simulated throttling applied to this machine's own CPU time, so it moves with the
 * machine; the control app, with the same markup and the framework's own scripts only, shows
 * what the framework alone scores in the same minutes. The lighthouse section holds Masthead
 * to 100.
 */
function lighthouseTarget(lh: ServingBenchResult["lighthouse"]): Target {
  const side = (audits: MobileAudit[]) => {
    const ok = audits.filter((a) => a.metrics);
    const of = (pick: (m: NonNullable<MobileAudit["metrics"]>) => number) =>
      ok.length ? median(ok.map((a) => pick(a.metrics!))) : Number.NaN;
    const others = Math.min(...audits.map((a) => Math.min(a.accessibility, a.bestPractices, a.seo)));
    return {
      scores: audits.map((a) => (a.error ? "error" : String(a.performance))).join(", "),
      tbt: of((m) => m.tbtMs).toFixed(0),
      lcp: (of((m) => m.lcpMs) / 1000).toFixed(2),
      others,
    };
  };
  const m = side(lh.masthead);
  const c = side(lh.control);
  return {
    name: `${POST} Lighthouse mobile performance, ${LIGHTHOUSE_RUNS} runs each: Masthead / bare Next`,
    value: `${m.scores} / ${c.scores} (median TBT ${m.tbt} / ${c.tbt} ms, LCP ${m.lcp} / ${c.lcp} s; Masthead's lowest other category ${m.others})`,
    target: "reported",
    pass: null,
  };
}

const mibOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export function servingRows(r: ServingBenchResult): Table {
  const rows = r.paths.map((f) => [
    f.path,
    `${f.mastheadBytes} / ${f.controlBytes}`,
    `${f.mastheadRps.toFixed(0)} / ${f.controlRps.toFixed(0)}`,
    `${fmtMs(f.mastheadP50Ms)} / ${fmtMs(f.controlP50Ms)}`,
    `${f.mastheadCpuUs.toFixed(0)} / ${f.controlCpuUs.toFixed(0)} µs`,
    x(f.rpsRatio),
  ]);
  rows.push(
    [
      `${POST} (REDIS_URL)`,
      "",
      r.redis.rps.toFixed(0),
      fmtMs(r.redis.p50Ms),
      "",
      `${x(r.redis.ratioToEmbedded)} of embedded`,
    ],
    [
      "unknown addresses (random)",
      "",
      `${r.unknown.rps.toFixed(0)} (post: ${r.unknown.postRps.toFixed(0)})`,
      "",
      "",
      `${x(r.unknown.ratioToKnown)} of the post`,
    ],
  );
  return {
    header: [
      `serving on Node ${r.node} (Masthead / bare Next)`,
      "bytes",
      "req/s (median)",
      "p50",
      "server CPU / request",
      "req/s ratio",
    ],
    rows,
  };
}
