import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./redis-server";
import { stopProcess } from "./stop-process";
import { until } from "./until";

/*
 * The production front (deploy/nginx/masthead.conf.template) as a team runs it, for the front
 * suite and the benchmark: rendered with the same envsubst command deploy/README.md gives,
 * included in an `http { }` block, served by Debian's nginx on a free loopback port from a
 * temp folder (pid, logs, cache and every temp path inside it), in the foreground, stopped by
 * PID. Never the system service. `.ci/run` installs nginx and gettext-base; NGINX_BIN overrides.
 */

const ROOT = path.resolve(__dirname, "../..");
export const FRONT_TEMPLATE = path.join(ROOT, "deploy/nginx/masthead.conf.template");
/** The render command of deploy/README.md: only these four variables are substituted. */
export const RENDER_VARIABLES =
  "${MASTHEAD_LISTEN} ${MASTHEAD_UPSTREAMS} ${MASTHEAD_CACHE_DIR} ${MASTHEAD_PAGES_DIR}";
/** The drop-in for nginx's unit that deploy/README.md renders beside it. */
export const UNIT_DROP_IN = path.join(ROOT, "deploy/nginx/nginx.service.d/masthead.conf.template");
const README = path.join(ROOT, "deploy/README.md");

export type Front = {
  port: number;
  url: string;
  dir: string;
  /** The rendered masthead.conf, as nginx reads it. */
  rendered: string;
  /** The last good copies' socket. */
  socket: string;
  /** How many files the edge cache keeps on disk (every zone). */
  cachedFiles(): number;
  /** nginx's error log so far, for failure messages. */
  errors(): string;
  /** SIGKILL to nginx's master and workers, as a crash or the OOM killer would end them. */
  kill9(): Promise<void>;
  /** Starts nginx again as its unit does: the drop-in's ExecStartPre lines, then nginx. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

function nginxBin(): string {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
}

/** Fails at once, with the command to run, where there is no nginx or envsubst. */
function requireTools(): void {
  const missing: string[] = [];
  if (spawnSync(nginxBin(), ["-v"]).status !== 0) missing.push("nginx");
  if (spawnSync("envsubst", ["--version"]).status !== 0) missing.push("gettext-base");
  if (missing.length === 0) return;
  throw new Error(
    [
      `The front tests run their own nginx, and ${missing.join(" and ")} could not be run.`,
      `  Debian/Ubuntu:  sudo apt-get install ${missing.join(" ")}   (no service needs to run)`,
      "  Or point NGINX_BIN at an nginx binary.",
    ].join("\n"),
  );
}

/** Renders the template exactly as deploy/README.md says a team does. */
export function renderFront(vars: {
  listen: string;
  upstreams: string;
  cacheDir: string;
  pagesDir: string;
}): string {
  const result = spawnSync("envsubst", [RENDER_VARIABLES], {
    input: readFileSync(FRONT_TEMPLATE, "utf8"),
    encoding: "utf8",
    env: {
      ...process.env,
      MASTHEAD_LISTEN: vars.listen,
      MASTHEAD_UPSTREAMS: vars.upstreams,
      MASTHEAD_CACHE_DIR: vars.cacheDir,
      MASTHEAD_PAGES_DIR: vars.pagesDir,
    },
  });
  if (result.status !== 0) throw new Error(`envsubst failed: ${result.stderr}`);
  return result.stdout;
}

/** The main configuration around the rendered file: what /etc/nginx/nginx.conf is on a server. */
function mainConfig(dir: string): string {
  const mimeTypes = "/etc/nginx/mime.types";
  return [
    "daemon off;",
    "master_process on;",
    // Root in CI: workers would switch to `nobody` and lose the temp folder (mode 0700).
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    // deploy/README.md: room for hundreds of slow clients beside the readers.
    "worker_rlimit_nofile 8192;",
    "events { worker_connections 4096; }",
    "http {",
    existsSync(mimeTypes) ? `  include ${mimeTypes};` : "",
    "  default_type application/octet-stream;",
    "  access_log off;",
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/masthead.conf;`,
    "}",
    "",
  ].join("\n");
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});

/**
 * The cache folder, made by deploy/README.md's own `install -d` line (its mode is what keeps
 * others from the last good copies' socket), given to the user nginx's workers run as here.
 */
function makeCacheFolder(cacheDir: string): void {
  const line = /^install -d .*"\$MASTHEAD_CACHE_DIR"$/m.exec(readFileSync(README, "utf8"))?.[0];
  if (!line) throw new Error("deploy/README.md no longer makes the cache folder with `install -d`");
  const asHere = process.getuid?.() === 0 ? line.replace(/ -o \S+/, " -o root") : line.replace(/ -o \S+/, "");
  const run = spawnSync("bash", ["-euo", "pipefail", "-c", asHere], {
    encoding: "utf8",
    env: { ...process.env, MASTHEAD_CACHE_DIR: cacheDir },
  });
  if (run.status !== 0) throw new Error(`${asHere} failed: ${run.stderr}`);
}

/**
 * The front's own answers, written by deploy/README.md's own `npm run front-pages` line with the
 * instances' site file (`SITE_CONFIG`; unset, the demo's).
 */
export function writeFrontPages(pagesDir: string, siteConfig?: string): void {
  const line = /^npm run front-pages -- .*$/m.exec(readFileSync(README, "utf8"))?.[0];
  if (!line)
    throw new Error("deploy/README.md no longer writes the front's pages with `npm run front-pages`");
  const env: NodeJS.ProcessEnv = { ...process.env, MASTHEAD_PAGES_DIR: pagesDir };
  if (siteConfig) env.SITE_CONFIG = siteConfig;
  else delete env.SITE_CONFIG;
  const run = spawnSync("bash", ["-euo", "pipefail", "-c", line], { cwd: ROOT, encoding: "utf8", env });
  if (run.status !== 0) throw new Error(`${line} failed: ${run.stdout}${run.stderr}`);
}

/** The drop-in's ExecStartPre commands, rendered as deploy/README.md renders the drop-in. */
function preStartCommands(cacheDir: string): string[][] {
  const rendered = spawnSync("envsubst", ["${MASTHEAD_CACHE_DIR}"], {
    input: readFileSync(UNIT_DROP_IN, "utf8"),
    encoding: "utf8",
    env: { ...process.env, MASTHEAD_CACHE_DIR: cacheDir },
  });
  if (rendered.status !== 0) throw new Error(`envsubst failed: ${rendered.stderr}`);
  return [...rendered.stdout.matchAll(/^ExecStartPre=(.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/));
}

/** The PIDs of `pid`'s children (nginx's workers and cache processes). */
function childrenOf(pid: number): number[] {
  const run = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" });
  return run.stdout
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

/** Starts nginx in front of `upstreams` ("127.0.0.1:3001", ...) on a free port. */
export async function startFront(opts: {
  upstreams: string[];
  port?: number;
  /** The site file the front's own answers are written with (unset: the demo's). */
  siteConfig?: string;
}): Promise<Front> {
  requireTools();
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), "masthead-front-"));
  // Open like /var/cache/nginx: only the cache folder's own mode keeps others out.
  chmodSync(dir, 0o755);
  const cacheDir = path.join(dir, "cache");
  makeCacheFolder(cacheDir);
  const pagesDir = path.join(dir, "pages");
  writeFrontPages(pagesDir, opts.siteConfig);
  const rendered = renderFront({
    listen: `127.0.0.1:${port}`,
    upstreams: opts.upstreams.map((u) => `server ${u};`).join(" "),
    cacheDir,
    pagesDir,
  });
  writeFileSync(path.join(dir, "masthead.conf"), rendered);
  writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
  const errorLog = path.join(dir, "error.log");
  const errors = () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");

  const check = spawnSync(nginxBin(), ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  async function launch(): Promise<void> {
    let stderr = "";
    const started = spawn(nginxBin(), ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    started.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    children.add(started);
    started.once("exit", () => children.delete(started));
    child = started;
    await until(
      async () => {
        if (started.exitCode !== null)
          throw new Error(`nginx exited (${started.exitCode}):\n${stderr}${errors()}`);
        try {
          // Any answer (even a 502 with no instance up yet) means nginx listens.
          await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then((r) =>
            r.arrayBuffer(),
          );
          return true;
        } catch {
          return false;
        }
      },
      { what: `nginx on ${url}`, timeoutMs: 10_000, intervalMs: 100 },
    );
  }
  await launch();

  return {
    port,
    url,
    dir,
    rendered,
    socket: path.join(cacheDir, "last-good.sock"),
    cachedFiles: () =>
      readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length,
    errors,
    async kill9() {
      const master = child.pid!;
      const workers = childrenOf(master);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      for (const pid of [master, ...workers]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await exited;
      await until(async () => workers.every((pid) => !existsSync(`/proc/${pid}`)), {
        what: "nginx's workers gone",
        timeoutMs: 5_000,
        intervalMs: 50,
      });
    },
    async restart() {
      for (const [command, ...args] of preStartCommands(cacheDir)) {
        const run = spawnSync(command!, args, { encoding: "utf8" });
        if (run.status !== 0) throw new Error(`ExecStartPre ${command} failed: ${run.stderr}`);
      }
      await launch();
    },
    async stop() {
      await stopProcess(child, 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
