import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { compileServer } from "../../lib/launcher/compile-server";
import { freePort, startTestRedis, type TestRedis } from "./redis-server";
import { keepingTsconfig } from "./tsconfig";
import { stopProcess, type Exit } from "./stop-process";
import { waitForOk } from "./until";

/*
 * Several Masthead instances as a team scaling out runs them: one `next build`, then
 * the site's server (lib/launcher/server.ts, compiled as the launcher runs it) on each instance with
 * the same environment, one Redis, one local workspace.
 * For the multi-instance suites (tests/e2e/multi-instance*.spec.ts) and the benchmark.
 *
 * The local workspace and the build are made once per test process and reused by every
 * cluster it starts (a second spec file in the same Playwright worker does not build again);
 * each cluster resets the workspace and gets its own Redis and its own instances. Every port
 * is a free one; everything is stopped by PID (the workspace and the build with the process).
 */

const ROOT = path.resolve(__dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const LAUNCHER = path.join(ROOT, "lib/launcher/start.ts");
const RECORD_BUILD = path.join(ROOT, "lib/launcher/record-build.ts");
const WORKSPACE_CLI = path.join(ROOT, "lib/local-workspace/cli.ts");
const DEFAULT_DIST_DIR = ".next-multi";
const LOG_LINES = 300;

export type Instance = {
  name: string;
  port: number;
  url: string;
  /**
   * Stops this instance: SIGTERM, SIGKILL after `graceMs` (default 5 s); how it exited (null
   * when it was not running).
   */
  stop(graceMs?: number): Promise<Exit | null>;
  /** Starts it again on the same port with the same environment; resolves once it is ready. */
  start(): Promise<void>;
  /** The instance's recent output, for failure messages. */
  logs(): string;
  /** The running server's process id (undefined while stopped), e.g. to read its memory. */
  pid(): number | undefined;
};

export type Cluster = {
  instances: Instance[];
  workspaceUrl: string;
  /** null when started with `redis: false` (each instance on its own, as without REDIS_URL). */
  redis: TestRedis | null;
  /** SITE_URL of every instance (the first instance's address, as a proxy's public address would be). */
  siteUrl: string;
  /** The environment every instance got (beyond PORT). */
  env: Record<string, string>;
  distDir: string;
  /** Wipes and re-seeds the local workspace (demo content, stats, faults, limits). */
  resetWorkspace(): Promise<void>;
  /** Stops the instances and Redis (the shared workspace and build stay for the next cluster). */
  stop(): Promise<void>;
};

export type ClusterOptions = {
  /** Number of server processes (default 2). */
  instances?: number;
  /** Start a Redis and give every instance REDIS_URL (default true). */
  redis?: boolean;
  /** Extra environment for every instance (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /** Build folder (default .next-multi). */
  distDir?: string;
  /**
   * Start each instance as a team does, `npm run start:instance` (the launcher: configuration
   * check, then the site's server with its graceful shutdown), and wait for readiness. Default:
   * the site's server alone, waiting for the home page.
   */
  launcher?: boolean;
};

const children = new Set<ChildProcess>();
let exitHooked = false;
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (!exitHooked) {
    exitHooked = true;
    // A test process that ends (or is killed by its runner) leaves nothing running.
    process.once("exit", () => {
      for (const c of children) c.kill("SIGKILL");
    });
  }
  return child;
}

function spawnLogged(args: string[], env: Record<string, string>, lines: string[]): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...baseEnv(), ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const sink = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > LOG_LINES) lines.splice(0, lines.length - LOG_LINES);
  };
  child.stdout?.on("data", sink);
  child.stderr?.on("data", sink);
  return track(child);
}

/** The test runner's environment minus anything that would change what is measured. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of [
    "REDIS_URL",
    "PORT",
    "SITE_URL",
    "WORKSPACE_URL",
    "NEXT_DIST_DIR",
    "MASTHEAD_SERVER_ORIGIN",
  ])
    delete env[k];
  env.NEXT_TELEMETRY_DISABLED = "1";
  return env;
}

type Shared = { workspaceUrl: string; workspacePort: number; distDir: string };
const shared = new Map<string, Promise<Shared>>();

/** One local workspace and one build per test process and build folder. */
function sharedWorkspaceAndBuild(distDir: string): Promise<Shared> {
  let made = shared.get(distDir);
  if (!made) {
    made = (async () => {
      const workspacePort = await freePort();
      const wsLines: string[] = [];
      const ws = spawnLogged(
        ["--import", "tsx", WORKSPACE_CLI, "--port", String(workspacePort), "--reset"],
        {
          LOCAL_WORKSPACE_DATA_DIR: path.join("data", "multi-instance-workspace"),
          // Tests here count Masthead's requests, not the workspace's own per-key limit.
          LOCAL_WORKSPACE_RATE_LIMIT: "1000000/10",
        },
        wsLines,
      );
      const workspaceUrl = `http://127.0.0.1:${workspacePort}`;
      await waitForOk(`${workspaceUrl}/__local/health`, {
        timeoutMs: 120_000,
        child: ws,
        detail: () => wsLines.slice(-30).join("\n"),
      });
      const buildLines: string[] = [];
      const buildEnv = {
        NODE_ENV: "production",
        NEXT_DIST_DIR: distDir,
        LOCAL_WORKSPACE_PORT: String(workspacePort),
      };
      const step = (args: string[]) =>
        new Promise<number | null>((resolve) =>
          spawnLogged(args, buildEnv, buildLines).once("exit", resolve),
        );
      // `npm run build`'s last two steps: the build, then its record of the site configuration,
      // which the instances' launcher checks before serving it.
      const code = await keepingTsconfig(async () => {
        const built = await step([NEXT_BIN, "build"]);
        return built === 0 ? step(["--import", "tsx", RECORD_BUILD]) : built;
      });
      if (code !== 0) throw new Error(`next build failed (${code}):\n${buildLines.slice(-40).join("\n")}`);
      return { workspaceUrl, workspacePort, distDir };
    })();
    made.catch(() => shared.delete(distDir));
    shared.set(distDir, made);
  }
  return made;
}

/** Builds once (per process), then starts the instances; see Cluster. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const count = options.instances ?? 2;
  const { workspaceUrl, workspacePort } = await sharedWorkspaceAndBuild(distDir);
  const resetWorkspace = async () => {
    const res = await fetch(`${workspaceUrl}/__local/reset`, {
      method: "POST",
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`workspace reset failed: ${res.status}`);
  };
  await resetWorkspace();
  // Compiled once for all instances: they run the same file, and one esbuild service at a time.
  const serverFile = options.launcher ? null : await compileServer(path.resolve(ROOT, distDir));

  const redis = options.redis === false ? null : await startTestRedis();
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const siteUrl = `http://127.0.0.1:${ports[0]}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    LOCAL_WORKSPACE_PORT: String(workspacePort),
    SITE_URL: siteUrl,
    ...(redis ? { REDIS_URL: redis.url } : {}),
    ...options.env,
  };

  const instances = ports.map((port, i) => {
    const lines: string[] = [];
    let child: ChildProcess | null = null;
    const url = `http://127.0.0.1:${port}`;
    const instance: Instance = {
      name: String.fromCharCode(65 + i),
      port,
      url,
      async start() {
        if (child && child.exitCode === null && child.signalCode === null) return;
        if (options.launcher) {
          child = spawnLogged(
            ["--import", "tsx", LAUNCHER, "--no-build"],
            { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
            lines,
          );
          await waitForOk(`${url}/api/health/ready`, {
            timeoutMs: 60_000,
            child,
            detail: () => lines.slice(-30).join("\n"),
          });
          return;
        }
        child = spawnLogged([serverFile!], { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" }, lines);
        await waitForOk(`${url}/`, { timeoutMs: 60_000, child, detail: () => lines.slice(-30).join("\n") });
      },
      async stop(graceMs = 5_000) {
        const exit = await stopProcess(child, graceMs);
        child = null;
        return exit;
      },
      logs: () => lines.join("\n"),
      pid: () => child?.pid,
    };
    return instance;
  });

  const stop = async () => {
    await Promise.all(instances.map((i) => i.stop(options.launcher ? 20_000 : 5_000)));
    await redis?.stop();
  };
  try {
    await Promise.all(instances.map((i) => i.start()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, workspaceUrl, redis, siteUrl, env, distDir, resetWorkspace, stop };
}
