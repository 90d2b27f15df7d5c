/*
 * Process and HTTP helpers shared by the benchmark (bench/run.ts) and the load run
 * (bench/load/run.ts). Everything here talks to 127.0.0.1 only, and every wait is bounded.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { serverHeapFlags } from "../lib/launcher/heap";
import { stopProcess } from "../tests/helpers/stop-process";
import { keepingTsconfig } from "../tests/helpers/tsconfig";
import { sleep, waitForOk } from "../tests/helpers/until";

export const ROOT = path.resolve(__dirname, "..");
export const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
export const WORKSPACE_CLI = path.join(ROOT, "lib/local-workspace/cli.ts");

const started = new Set<ChildProcess>();

export function log(line: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}

/** Spawns in its own process group so the whole tree (next build workers) can be stopped. */
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

export async function workspaceTotalRequests(wsUrl: string): Promise<number> {
  const res = await fetch(`${wsUrl}/__local/stats`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { requests: { total: number } };
  return body.requests.total;
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

/** A process and all its descendants, each with its resident memory in bytes (Linux `ps`). */
function processTree(rootPid: number): Map<number, number> {
  let out: string;
  try {
    out = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss="], { encoding: "utf8" });
  } catch {
    return new Map();
  }
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const line of out.split("\n")) {
    const [pid, ppid, kb] = line.trim().split(/\s+/).map(Number);
    if (!pid || ppid === undefined || kb === undefined) continue;
    rss.set(pid, kb * 1024);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = new Map<number, number>();
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    if (tree.has(pid) || !rss.has(pid)) continue;
    tree.set(pid, rss.get(pid)!);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRssBytes(rootPid: number): number {
  let total = 0;
  for (const rss of processTree(rootPid).values()) total += rss;
  return total;
}

/**
 * CPU time (user + system) a process and its descendants have used, in ms (Linux /proc, 10 ms
 * ticks). The difference over a load run is what the server itself spent, whatever the load
 * generator on the same cores cost.
 */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid).keys()) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks * 10;
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
  /** The Node.js binary that runs `next start` (the bench's own by default). */
  node?: string;
  /** Node's own flags for the server process; a heap limit here replaces `npm start`'s. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<SiteProcess> {
  const nodeArgs = opts.nodeArgs ?? [];
  // The heap limit `npm start` gives the server, so the bench measures the server as it runs.
  const heap = serverHeapFlags([process.env.NODE_OPTIONS, ...nodeArgs].join(" "));
  const child = spawnChild(
    opts.node ?? process.execPath,
    [...heap, ...nodeArgs, NEXT_BIN, "start", "-p", String(opts.sitePort), "-H", "127.0.0.1"],
    // The bench plays a proxy: each newsletter sample names its own client in X-Forwarded-For.
    { TRUST_PROXY: "1", ...nextBuildEnv(opts), ...opts.env },
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

/** A minimal static file server: the floor a prerendered page can be served at by Node. */
export function startStaticServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server: Server = createServer((req, res) => {
      res.writeHead(200, { "content-type": contentType, "content-length": String(body.length) });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    server.keepAliveTimeout = 5_000;
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export type AutocannonSummary = {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
};

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
  "1xx": number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
};

type AutocannonOptions = {
  url: string;
  connections?: number;
  amount?: number;
  duration?: number;
  /** Requests per second over all connections (autocannon's own pacing). */
  overallRate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
  requests?: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
  }[];
};

type AutocannonInstance = Promise<AutocannonResult> & {
  stop: () => void;
  on: (
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ) => void;
};

/**
 * One autocannon run, bounded by request count or duration and by a wall-clock guard.
 * Only loopback URLs are accepted.
 */
export async function loadRun(
  options: AutocannonOptions,
  guardMs = 120_000,
  /** Called with each response's status and time (ms), as it arrives. */
  onResponse?: (statusCode: number, ms: number) => void,
): Promise<AutocannonSummary> {
  const host = new URL(options.url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost")
    throw new Error(`refusing to load-test ${host}: loopback only`);
  const autocannon = (await import("autocannon")).default as (o: AutocannonOptions) => AutocannonInstance;
  const instance = autocannon({ timeout: 10, ...options });
  // Each response's time as autocannon measures it (hrtime, fractions of a millisecond): its
  // own percentiles are whole milliseconds, too coarse to compare 5-10 ms latencies.
  const times: number[] = [];
  instance.on("response", (_client, status, _bytes, ms) => {
    times.push(ms);
    onResponse?.(status, ms);
  });
  const guard = setTimeout(() => instance.stop(), guardMs);
  const r = await instance;
  clearTimeout(guard);
  times.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = s.count;
  return {
    requests: r.requests.total,
    // Total over elapsed time: autocannon's per-second average is coarse for short runs.
    rps: r.duration > 0 ? r.requests.total / r.duration : r.requests.average,
    p50Ms: times.length ? percentile(times, 50) : r.latency.p50,
    p99Ms: times.length ? percentile(times, 99) : r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    durationS: r.duration,
  };
}

/** Two runs as one: their requests over their time, the worse p99, the mean p50. */
export function combinedRuns(a: AutocannonSummary, b: AutocannonSummary): AutocannonSummary {
  const statusCodes = { ...a.statusCodes };
  for (const [code, n] of Object.entries(b.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const requests = a.requests + b.requests;
  const durationS = a.durationS + b.durationS;
  return {
    requests,
    durationS,
    rps: durationS > 0 ? requests / durationS : (a.rps + b.rps) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodes,
  };
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}
