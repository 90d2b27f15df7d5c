// `npm start`: the local workspace (without WORKSPACE_URL), `next build`, then the site's server.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { distDir } from "../config/defaults.mjs";
import { requireSupportedNode } from "../config/node-runtime";
import { compileServer } from "./compile-server";
import { serverHeapFlags, serverMemoryEnv } from "./heap";
import { log as logger } from "../observability/log.mjs";
import { forwardAsJsonLines } from "../observability/console-to-log";
import { listenPlan } from "../config/local-mode";
import { configOrExit, workspaceProblem } from "./preflight";
import { recordThisBuild, sameConfigurationOrExit } from "./build-fingerprint";
import { portProblem } from "./port-check";

const USAGE = `Usage: npm start [-- options]      build the site and serve it (the local workspace too, without WORKSPACE_URL)
       npm run dev [-- options]    the same with \`next dev\`: no build, reloads on change
       npm run start:instance      serve an existing build (one build, many instances)

Options:
  --no-build           serve the existing build (SKIP_BUILD=1 does the same)
  --reset-workspace    start the local workspace from its demo data again
  -h, --help           print this and exit

The site listens on PORT (default 3000); in local mode on loopback only (HOSTNAME may name another
loopback address, nothing else).
With WORKSPACE_URL set, only the site runs, against that workspace: see docs/configuration.md
for every variable. Ctrl-C or SIGTERM stops everything, the server finishing the requests it holds.
`;

const root = path.resolve(__dirname, "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const serverEntry = path.join(root, "lib/launcher/server.ts");
const workspaceCli = path.join(root, "lib/local-workspace/cli.ts");
const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const skipBuild = args.has("--no-build") || process.env.SKIP_BUILD === "1";

/** Stopped newest first, so the server finishes its requests while the workspace still answers. */
const children: ChildProcess[] = [];
let server: ChildProcess | null = null;
let stopping = false;
const log = logger("launcher");
let serverGraceMs = 15_000;

function run(command: string, argv: string[], name: string, env: Record<string, string> = {}): ChildProcess {
  // Off a terminal, JSON lines; the local workspace logs through the one logger itself.
  const asJson = (name === "server" || name.startsWith("next ")) && !process.stdout.isTTY;
  const child = spawn(command, argv, {
    cwd: root,
    stdio: asJson ? ["inherit", "pipe", "pipe"] : "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  if (asJson) {
    forwardAsJsonLines(child.stdout!, "info");
    forwardAsJsonLines(child.stderr!, "warn");
  }
  children.push(child);
  child.on("exit", (code, signal) => {
    const at = children.indexOf(child);
    if (at >= 0) children.splice(at, 1);
    if (!stopping && name !== "next build") {
      log.error(`${name} exited (${signal ?? code}); stopping.`);
      void stop(typeof code === "number" && code !== 0 ? code : 1);
    }
  });
  return child;
}

async function stop(code: number, asked = false): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  let serverCode: number | null = 0;
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const timer = setTimeout(() => child.kill("SIGKILL"), child === server ? serverGraceMs : 10_000);
    child.kill("SIGTERM");
    const [exitCode] = (await once(child, "exit")) as [number | null];
    clearTimeout(timer);
    if (child === server) serverCode = exitCode;
  }
  process.exit(asked ? (serverCode ?? 1) : code);
}

async function waitForHealth(url: string, timeoutMs: number, attemptMs = 1_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(attemptMs) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  if (args.has("--help") || args.has("-h")) {
    process.stdout.write(USAGE);
    return;
  }
  requireSupportedNode();
  process.on("SIGINT", () => void stop(0, true));
  process.on("SIGTERM", () => void stop(0, true));

  log.info(`Node.js ${process.version}`);
  const config = configOrExit(process.env);
  const port = String(config.port);
  // Before anything starts: local mode on the network would serve the demo's public password.
  const listen = listenPlan({
    hostnameEnv: process.env.HOSTNAME,
    localMode: Boolean(config.localWorkspace),
    port,
  });
  if (listen.refused !== undefined) {
    log.fatal(listen.refused);
    process.exit(1);
  }
  // Then the build: an instance with another site configuration would re-brand the shared cache.
  if (skipBuild && !dev) sameConfigurationOrExit(config, process.env);
  const portTaken = await portProblem(config.port, listen.hostname);
  if (portTaken) {
    log.fatal(portTaken);
    process.exit(1);
  }

  if (config.localWorkspace) {
    const health = `http://127.0.0.1:${config.localWorkspace.port}/__local/health`;
    // One probe, patient: a busy workspace may take seconds, and a second one on its port would fail.
    if (await waitForHealth(health, 0, 5_000)) {
      log.info(`Using the local workspace already running on port ${config.localWorkspace.port}.`);
      // Reusing it must not skip a reset that was asked for.
      if (args.has("--reset-workspace")) {
        const reset = `http://127.0.0.1:${config.localWorkspace.port}/__local/reset`;
        const res = await fetch(reset, { method: "POST", signal: AbortSignal.timeout(30_000) }).catch(
          () => null,
        );
        if (!res?.ok) {
          log.error(`Could not reset the running local workspace at ${reset}.`);
          await stop(1);
        }
      }
    } else {
      const wsArgs = ["--import", "tsx", workspaceCli, "--port", String(config.localWorkspace.port)];
      if (args.has("--reset-workspace")) wsArgs.push("--reset");
      run(process.execPath, wsArgs, "local workspace");
      if (!(await waitForHealth(health, 30_000))) {
        log.error(`The local workspace did not become healthy at ${health} within 30 s.`);
        await stop(1);
      }
    }
  } else {
    log.info(`Using the workspace at ${new URL(config.workspace.apiBase).origin}.`);
  }

  serverGraceMs = (config.shutdownGraceSeconds + 5) * 1000;
  const where: Record<string, string> = listen.hostname ? { HOSTNAME: listen.hostname } : {};
  log.info(listen.message);
  if (dev) {
    run(process.execPath, ["--import", "tsx", serverEntry, "--dev"], "server", { PORT: port, ...where });
    return;
  }
  if (!skipBuild) {
    // The build prerenders the blog from the workspace: say now if it cannot, not after compiling.
    const problem = await workspaceProblem(config);
    if (problem) {
      log.fatal(problem);
      await stop(1);
    }
    const build = run(process.execPath, [nextBin, "build"], "next build");
    const code = await new Promise<number | null>((resolve) => build.on("exit", resolve));
    if (code !== 0) {
      log.error("The build failed; see the message above.");
      await stop(code ?? 1);
    }
    recordThisBuild(config, process.env);
  }
  // Compiled, on Node alone; it handles SIGTERM itself (lib/launcher/shutdown.ts).
  let compiled: string;
  try {
    compiled = await compileServer(path.resolve(root, distDir(process.env)));
  } catch (error) {
    log.fatal(`The site's server did not compile: ${error instanceof Error ? error.message : String(error)}`);
    return stop(1);
  }
  const heap = serverHeapFlags(process.env.NODE_OPTIONS);
  server = run(process.execPath, [...heap, compiled], "server", {
    ...serverMemoryEnv(process.env),
    PORT: port,
    ...where,
    NODE_ENV: "production",
    NEXT_MANUAL_SIG_HANDLE: "1",
  });
  log.info(`Site: ${config.siteUrl}  (admin: ${config.siteUrl}/admin)`);
}

void main();
