/*
 * `npm start`: the local workspace (when WORKSPACE_URL is unset), then `next build`,
 * then `next start`, stopping everything cleanly on Ctrl-C or SIGTERM.
 * `npm run dev` does the same with `next dev` and no build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ConfigError } from "../config/schema";
import { loadConfig } from "../config/startup";
import { log as logger } from "../observability/log.mjs";
import { listenPlan } from "./listen";

const root = path.resolve(__dirname, "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const skipBuild = args.has("--no-build") || process.env.SKIP_BUILD === "1";

const children = new Set<ChildProcess>();
let stopping = false;
const log = logger("launcher");

function run(command: string, argv: string[], name: string): ChildProcess {
  const child = spawn(command, argv, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping && name !== "next build") {
      log.error(`${name} exited (${signal ?? code}); stopping.`);
      void stop(typeof code === "number" && code !== 0 ? code : 1);
    }
  });
  return child;
}

async function stop(code: number): Promise<never> {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  const deadline = Date.now() + 10_000;
  while (children.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const child of children) child.kill("SIGKILL");
  process.exit(code);
}

async function waitForHealth(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function main() {
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal({ problems: error.problems }, error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.localWorkspace) {
    const health = `http://127.0.0.1:${config.localWorkspace.port}/__local/health`;
    if (await waitForHealth(health, 300)) {
      log.info(`Using the local workspace already running on port ${config.localWorkspace.port}.`);
      // Reusing it must not skip the reset that was asked for (the e2e suite relies on fresh data).
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
      const wsArgs = [
        "--import",
        "tsx",
        path.join(root, "lib/local-workspace/cli.ts"),
        "--port",
        String(config.localWorkspace.port),
      ];
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

  const port = String(config.port);
  const listen = listenPlan({
    hostnameEnv: process.env.HOSTNAME,
    localMode: Boolean(config.localWorkspace),
    port,
  });
  const where = listen.hostname ? ["-H", listen.hostname] : [];
  log.info(listen.message);
  if (dev) {
    run(process.execPath, [nextBin, "dev", "-p", port, ...where], "next dev");
    return;
  }
  if (!skipBuild) {
    const build = run(process.execPath, [nextBin, "build"], "next build");
    const code = await new Promise<number | null>((resolve) => build.on("exit", resolve));
    if (code !== 0) {
      log.error("The build failed; see the message above.");
      await stop(code ?? 1);
    }
  }
  run(process.execPath, [nextBin, "start", "-p", port, ...where], "next start");
  log.info(`Site: ${config.siteUrl}  (admin: ${config.siteUrl}/admin)`);
}

void main();
