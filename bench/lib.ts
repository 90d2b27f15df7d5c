/*
 * The processes the benchmark (bench/run.ts) and the load run (bench/load/run.ts) start: children
 * stopped as one tree, the local workspace, `next build` measured, `next start`. Everything here
 * talks to 127.0.0.1 only, and every wait is bounded. Load generation is bench/load-run.ts; a
 * process tree's memory and CPU time, bench/process-tree.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileServer } from "../lib/launcher/compile-server";
import { serverHeapFlags, serverMemoryEnv } from "../lib/launcher/heap";
import { stopProcess } from "../tests/helpers/stop-process";
import { keepingTsconfig } from "../tests/helpers/tsconfig";
import { sleep, waitForOk } from "../tests/helpers/until";
import { treeRssBytes } from "./process-tree";

export const ROOT = path.resolve(__dirname, "..");
export const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
export const WORKSPACE_CLI = path.join(ROOT, "lib/local-workspace/cli.ts");

const started = new Set<ChildProcess>();

export function log(line: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}

/** Spawns in its own process group so the whole tree (next build workers) can be stopped. */
/**
 * Runs `bench/<file>` in its own Node process (with the react-server condition the app's
 * handlers need) and gives back the last JSON line it printed; throws with its output's end
 * when it fails or prints none.
 */
export async function childResult<T>(file: string, what: string): Promise<T> {
  const output: string[] = [];
  const child = spawnChild(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "bench", file)],
    {},
    { quiet: true, logFile: output },
  );
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const text = output.join("");
  const line = text
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`the ${what} bench failed (exit ${code}):\n${text.slice(-2000)}`);
  return JSON.parse(line) as T;
}

export function spawnChild(
  command: string,
  args: string[],
  env: Record<string, string>,
  opts: { quiet?: boolean; logFile?: string[]; cwd?: string } = {},
): ChildProcess {
  const child = spawn(command, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  started.add(child);
  child.on("exit", () => started.delete(child));
  const sink = (chunk: Buffer) => {
    opts.logFile?.push(chunk.toString("utf8"));
    if (!opts.quiet) process.stderr.write(chunk);
  };
  child.stdout?.on("data", sink);
  child.stderr?.on("data", sink);
  return child;
}

/** Stops everything this process started (on normal exit, errors and Ctrl-C). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((c) => stopProcess(c, 3_000)));
}

export function installCleanup(): void {
  const bail = (signal: string) => {
    log(`${signal}: stopping children`);
    void stopAll().then(() => process.exit(130));
  };
  process.once("SIGINT", () => bail("SIGINT"));
  process.once("SIGTERM", () => bail("SIGTERM"));
}

export type WorkspaceProcess = { url: string; port: number; child: ChildProcess; stop: () => Promise<void> };

export async function startWorkspace(opts: {
  port: number;
  dataDir: string;
  posts?: number;
  members?: number;
}): Promise<WorkspaceProcess> {
  const args = ["--import", "tsx", WORKSPACE_CLI, "--port", String(opts.port), "--reset"];
  if (opts.posts !== undefined) args.push("--seed-posts", String(opts.posts));
  if (opts.members !== undefined) args.push("--seed-members", String(opts.members));
  const child = spawnChild(
    process.execPath,
    args,
    {
      LOCAL_WORKSPACE_DATA_DIR: opts.dataDir,
      // The benchmark measures Masthead, not the workspace's own per-key limit.
      LOCAL_WORKSPACE_RATE_LIMIT: "1000000/10",
    },
    { quiet: true },
  );
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForOk(`${url}/__local/health`, { timeoutMs: 120_000, child });
  return { url, port: opts.port, child, stop: async () => void (await stopProcess(child)) };
}

/** Posts in the default workspace. */
export async function workspacePostCount(ws: { url: string }): Promise<number> {
  const res = await fetch(`${ws.url}/__local/health`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { workspaces: { default: boolean; posts: number }[] };
  return body.workspaces.find((w) => w.default)?.posts ?? 0;
}

export async function workspaceStats(
  wsUrl: string,
): Promise<{ total: number; byRoute: Record<string, number> }> {
  const res = await fetch(`${wsUrl}/__local/stats`, { signal: AbortSignal.timeout(5_000) });
  return ((await res.json()) as { requests: { total: number; byRoute: Record<string, number> } }).requests;
}

export async function resetWorkspaceStats(wsUrl: string): Promise<void> {
  const res = await fetch(`${wsUrl}/__local/stats/reset`, {
    method: "POST",
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`stats reset failed: ${res.status}`);
}

export type MeasuredRun = { exitCode: number | null; wallMs: number; peakRssBytes: number; output: string };

/** Runs a command to completion, sampling the process tree's summed RSS every 200 ms. */
export async function runMeasured(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
  cwd?: string,
): Promise<MeasuredRun> {
  const output: string[] = [];
  const t0 = performance.now();
  const child = spawnChild(command, args, env, { quiet: true, logFile: output, cwd });
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, treeRssBytes(child.pid));
  }, 200);
  const exit = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const timer = sleep(timeoutMs).then(() => "timeout" as const);
  const result = await Promise.race([exit, timer]);
  clearInterval(sampler);
  if (result === "timeout") {
    await stopProcess(child);
    throw new Error(`${command} ${args.join(" ")} did not finish within ${timeoutMs} ms`);
  }
  return { exitCode: result, wallMs: performance.now() - t0, peakRssBytes: peak, output: output.join("") };
}

export function nextBuildEnv(opts: {
  distDir: string;
  wsPort: number;
  sitePort: number;
}): Record<string, string> {
  return {
    NEXT_DIST_DIR: opts.distDir,
    LOCAL_WORKSPACE_PORT: String(opts.wsPort),
    PORT: String(opts.sitePort),
    NODE_ENV: "production",
  };
}

/** `next build` into its own folder against the workspace on wsPort, measured; tsconfig.json is left as it was. */
export function measuredNextBuild(
  opts: { distDir: string; wsPort: number; sitePort: number },
  timeoutMs: number,
): Promise<MeasuredRun> {
  return keepingTsconfig(() =>
    runMeasured(process.execPath, [NEXT_BIN, "build"], nextBuildEnv(opts), timeoutMs),
  );
}

export type SiteProcess = { url: string; child: ChildProcess; stop: () => Promise<void> };

export async function startSite(opts: {
  distDir: string;
  wsPort: number;
  sitePort: number;
  /** The Node.js binary that runs the site's server (the bench's own by default). */
  node?: string;
  /** Node's own flags for the server process; a heap limit here replaces `npm start`'s. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<SiteProcess> {
  const nodeArgs = opts.nodeArgs ?? [];
  // The server as `npm start` runs it, compiled and with its memory settings, so the bench
  // measures the server as it runs.
  const heap = serverHeapFlags([process.env.NODE_OPTIONS, ...nodeArgs].join(" "));
  const server = await compileServer(path.resolve(ROOT, opts.distDir));
  const child = spawnChild(
    opts.node ?? process.execPath,
    [...heap, ...nodeArgs, server],
    // The bench plays a proxy: each newsletter sample names its own client in X-Forwarded-For.
    {
      ...serverMemoryEnv({ ...process.env, ...opts.env }),
      TRUST_PROXY: "1",
      ...nextBuildEnv(opts),
      PORT: String(opts.sitePort),
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
      ...opts.env,
    },
    { quiet: true },
  );
  const url = `http://127.0.0.1:${opts.sitePort}`;
  await waitForOk(`${url}/`, { timeoutMs: 60_000, child });
  return { url, child, stop: async () => void (await stopProcess(child)) };
}

/** The first post linked from a site's /blog. */
export async function firstPostPath(site: { url: string }): Promise<string> {
  const html = await (await fetch(`${site.url}/blog`)).text();
  const post = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
    .map((m) => m[1]!)
    .find((h) => !h.startsWith("/blog/page"));
  if (!post) throw new Error("no post link on /blog");
  return post;
}

/** Counts prerendered pages: HTML files the build wrote plus the prerender manifest's routes. */
export function countPrerendered(distDir: string): { htmlFiles: number; manifestRoutes: number } {
  const appDir = path.join(ROOT, distDir, "server/app");
  let htmlFiles = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith(".html")) htmlFiles++;
    }
  };
  if (existsSync(appDir)) walk(appDir);
  let manifestRoutes = 0;
  const manifest = path.join(ROOT, distDir, "prerender-manifest.json");
  if (existsSync(manifest)) {
    manifestRoutes = Object.keys(
      (JSON.parse(readFileSync(manifest, "utf8")) as { routes: object }).routes,
    ).length;
  }
  return { htmlFiles, manifestRoutes };
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}
