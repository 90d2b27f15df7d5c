/*
 * `npm run bench`: Masthead's performance targets, measured side by side in one run.
 *
 * These machines are shared and noisy, so every figure that matters is a ratio between two
 * things measured in the same run (a 10,000-post build against a 100-post build, Next against
 * a bare Next app serving the same bytes, the newsletter route against a direct call to the
 * workspace, 10,000 members against 100). Prints each section's table and the targets table,
 * and writes both to bench-results/ (docs/performance.md says what each target guards).
 * Loopback only; every loop is bounded in count and time.
 *
 *   npm run bench                        # every section
 *   npm run bench -- --quick             # every section, smaller: fewer blog sizes, a short soak
 *   npm run bench -- --skip-lighthouse   # also skips javascript
 *   npm run bench -- --only search       # one section, or several comma-separated
 *   npm run bench -- --only durable-signup   # what a replica's confirmation adds to a signup
 *   npm run bench -- --only failover         # ten Sentinel failovers under signups: lost, duplicated, failed
 *   npm run bench -- --only runtime,sqlite   # this Node against the other supported line; node:sqlite beside better-sqlite3
 *   npm run bench -- --only scale --posts 1000,10000   # the scale section's blog sizes
 *   npm run bench -- --only soak --soak-seconds 180    # the soak, shorter than its 10 minutes
 *
 * Each section is a module with one shape (bench/section.ts). This file only makes what the
 * chosen sections need (a 100-post build, its workspace, one shared `next start`), runs them in
 * the order below, and reports.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { admin } from "./admin";
import { builds, MEMBERS_SMALL, measureBuild } from "./builds";
import { delivery } from "./delivery";
import { durableSignup } from "./durable-signup";
import { failover } from "./failover";
import { front } from "./front";
import { instances } from "./instances";
import { javascript } from "./javascript";
import { firstPostPath, installCleanup, log, mib, ROOT, startSite, startWorkspace, stopAll } from "./lib";
import { lighthouse } from "./lighthouse";
import { newsletter } from "./newsletter";
import { pageViews } from "./page-views";
import { pageWeight } from "./page-weight";
import { runtime } from "./runtime";
import { scale } from "./scale";
import { search } from "./search";
import type { BaseContext, BuildContext, Section, SiteContext, Table, Target } from "./section";
import { security } from "./security";
import { serving } from "./serving";
import { soak } from "./soak";
import { sqlite } from "./sqlite";

/**
 * In the order they run. "site" sections share one server, so the ones that reseed the
 * workspace come last (search: 10,000 posts; admin: 10,000 members); "build" sections then
 * start servers of their own on the same build; "none" sections bring everything they need.
 */
const SECTIONS: Section<unknown>[] = [
  pageViews,
  pageWeight,
  newsletter,
  javascript,
  lighthouse,
  search,
  admin,
  security,
  builds,
  instances,
  delivery,
  durableSignup,
  failover,
  sqlite,
  runtime,
  soak,
  serving,
  front,
  scale,
];

// A flag's mistake is one line, not a stack trace (e.g. a value that starts with "-" needs "=").
const flags = (() => {
  try {
    return parseArgs({
      options: {
        quick: { type: "boolean", default: false },
        "skip-lighthouse": { type: "boolean", default: false },
        "keep-builds": { type: "boolean", default: false },
        only: { type: "string" },
        posts: { type: "string" },
        "soak-seconds": { type: "string" },
        "soak-node-options": { type: "string", default: "" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(
      `npm run bench: ${error instanceof Error ? error.message.split("\n").join(" ") : String(error)}`,
    );
    process.exit(2);
  }
})();

const only = flags.only?.split(",").map((s) => s.trim());
for (const name of only ?? [])
  if (!SECTIONS.some((s) => s.name === name))
    throw new Error(
      `--only ${name}: not a section; use one or more of ${SECTIONS.map((s) => s.name).join(", ")}`,
    );
const chosen = SECTIONS.filter((s) =>
  only
    ? only.includes(s.name)
    : !(flags["skip-lighthouse"] && (s.name === "lighthouse" || s.name === "javascript")),
);

const posts = flags.posts?.split(",").map((s) => Number(s.trim().replace(/_/g, "")));
for (const n of posts ?? [])
  if (!Number.isInteger(n) || n < 0 || n > 100_000)
    throw new Error(`--posts ${flags.posts}: give whole numbers of posts from 0 to 100,000, comma-separated`);
const soakSeconds = Number(flags["soak-seconds"] ?? (flags.quick ? 60 : 600));
if (!Number.isInteger(soakSeconds) || soakSeconds < 30 || soakSeconds > 3600)
  throw new Error(`--soak-seconds ${flags["soak-seconds"]}: a whole number of seconds from 30 to 3600`);

const TOTAL_GUARD_MS = 45 * 60_000 + soakSeconds * 1000;
const BASE: BaseContext = {
  quick: flags.quick,
  keepBuilds: flags["keep-builds"],
  posts: posts ?? null,
  soakSeconds,
  soakNodeOptions: flags["soak-node-options"].split(/\s+/).filter(Boolean),
  ports: {
    site: Number(process.env.BENCH_SITE_PORT ?? 3501),
    workspace: Number(process.env.BENCH_WORKSPACE_PORT ?? 4501),
  },
};

type Outcome = { name: string; result?: unknown; error?: string };

const results = {
  startedAt: new Date().toISOString(),
  finishedAt: undefined as string | undefined,
  quick: flags.quick,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryBytes: os.totalmem(),
    node: process.version,
    loadAvgAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  },
  sections: {} as Record<string, unknown>,
  errors: {} as Record<string, string>,
  targets: [] as Target[],
};

const ran: Outcome[] = [];

/** Runs one section; a failure is reported in its place and the others still run. */
async function runSection<C extends BaseContext>(s: Section<unknown>, ctx: C): Promise<void> {
  log(`section ${s.name}`);
  try {
    const result = await (s.run as (ctx: C) => Promise<unknown>)(ctx);
    results.sections[s.name] = result;
    ran.push({ name: s.name, result });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`section ${s.name} failed: ${message}`);
    results.errors[s.name] = message;
    ran.push({ name: s.name, error: message.split("\n")[0] });
  }
}

/** The 100-post build and its workspace, for every section that needs them; removed after. */
async function withBuild(body: (ctx: BuildContext) => Promise<void>): Promise<void> {
  const dataDir = "data/bench-ws-100";
  const distDir = ".next-bench-100";
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const ws = await startWorkspace({
    port: BASE.ports.workspace,
    dataDir,
    posts: 100,
    members: MEMBERS_SMALL,
  });
  try {
    const build = await measureBuild(100, ws, distDir, BASE.ports.site);
    if (!build.ok) throw new Error(`the 100-post build failed:\n${build.error ?? ""}`);
    await body({ ...BASE, distDir, ws, build, builtAt: Date.now() });
  } finally {
    await ws.stop();
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  }
}

async function withSite(ctx: BuildContext, body: (ctx: SiteContext) => Promise<void>): Promise<void> {
  const site = await startSite({ distDir: ctx.distDir, wsPort: ctx.ws.port, sitePort: ctx.ports.site });
  try {
    await body({ ...ctx, site, postPath: await firstPostPath(site) });
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  const needing = (needs: Section<unknown>["needs"]) => chosen.filter((s) => s.needs === needs);
  if (needing("site").length || needing("build").length)
    await withBuild(async (ctx) => {
      if (needing("site").length)
        await withSite(ctx, async (siteCtx) => {
          for (const s of needing("site")) await runSection(s, siteCtx);
        });
      for (const s of needing("build")) await runSection(s, ctx);
    });
  for (const s of needing("none")) await runSection(s, BASE);
}

/** A Markdown table, columns padded so the file reads as well as it renders. */
function markdownTable({ header, rows }: Table): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const row = (cells: string[]) => "| " + cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  return [row(header), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...rows.map(row), ""];
}

/**
 * Prints the run and writes it to bench-results/: `<start time>.json` and `.md`, and the same
 * as `latest.json` and `latest.md`. Only what a run measured goes there, never into the docs.
 */
function report(): void {
  const targetRows: string[][] = [];
  const lines: string[] = [];
  const m = results.machine;
  lines.push(
    `# Masthead bench, ${results.startedAt}${results.quick ? " (--quick)" : ""}`,
    "",
    `${m.cpus} CPU ${m.cpuModel}, ${mib(m.memoryBytes)}, Node ${m.node}, load ${m.loadAvgAtStart.join(" ")}`,
    "",
  );
  for (const { name, result, error } of ran) {
    const s = SECTIONS.find((x) => x.name === name)!;
    if (result === undefined) {
      targetRows.push([name, "section runs", `failed: ${error ?? "?"}`, "runs", "NO"]);
      continue;
    }
    const targets = s.targets(result);
    results.targets.push(...targets);
    for (const t of targets)
      targetRows.push([name, t.name, t.value, t.target, t.pass === null ? "-" : t.pass ? "yes" : "NO"]);
    lines.push(`## ${name}`, "");
    for (const t of s.tables(result)) lines.push(...markdownTable(t));
  }
  lines.push(
    "## targets",
    "",
    ...markdownTable({ header: ["section", "figure", "measured", "target", "pass"], rows: targetRows }),
  );

  results.finishedAt = new Date().toISOString();
  const dir = path.join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, "-");
  const json = JSON.stringify(results, null, 2) + "\n";
  const markdown = lines.join("\n");
  for (const base of [stamp, "latest"]) {
    writeFileSync(path.join(dir, `${base}.json`), json);
    writeFileSync(path.join(dir, `${base}.md`), markdown);
  }
  log(`wrote bench-results/${stamp}.{json,md} and bench-results/latest.{json,md}`);
  process.stdout.write(markdown);
}

installCleanup();
const guard = setTimeout(() => {
  log(`the bench passed its ${TOTAL_GUARD_MS / 60_000}-minute guard; stopping`);
  report();
  void stopAll().then(() => process.exit(1));
}, TOTAL_GUARD_MS);
guard.unref();
main().then(
  async () => {
    clearTimeout(guard);
    report();
    await stopAll();
    process.exit(ran.some((o) => o.error) ? 1 : 0);
  },
  async (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    report();
    await stopAll();
    process.exit(1);
  },
);
