import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E_WORKSPACE_PORT } from "../../playwright.config";
import { freePort } from "./redis-server";
import { stopProcess } from "./stop-process";
import { waitForOk } from "./until";

/*
 * A second server (lib/launcher/server.ts) on the e2e build (made by Playwright's web server, without SITE_URL or
 * anything else set), against the same local workspace, with the environment a spec needs to
 * run it with: what the running server decides from its own environment, and its PID.
 * With `buildInto`, what is decided at build (the site's configuration) gets a build of its own
 * first, in that folder, made with the same environment; specs run in one Playwright worker that
 * ask for the same folder with the same environment share one build, since a build takes minutes.
 * Such a folder keeps its port, so SITE_URL (pages are prerendered with it) stays the same, and
 * the stores' paths (a spec's own temporary files, read only at run time) are not compared.
 */

const ROOT = path.resolve(__dirname, "../..");

/** Builds made by this worker process: folder → the environment they were made with, and its port. */
const builds = new Map<string, { made: string; port: number }>();
const RUN_TIME_ONLY = new Set(["PORT", "ADMIN_PASSKEY_STORE_PATH", "DELIVERY_STORE_PATH"]);

export type SecondServer = { url: string; port: number; pid: number; stop(): Promise<void> };

export async function startSecondServer(
  env: Record<string, string | undefined>,
  options: { siteUrl?: (port: number) => string; buildInto?: string; hostname?: string } = {},
): Promise<SecondServer> {
  const port = (options.buildInto && builds.get(options.buildInto)?.port) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SITE_URL: options.siteUrl ? options.siteUrl(port) : url,
    LOCAL_WORKSPACE_PORT: String(E2E_WORKSPACE_PORT),
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete childEnv.TRUST_PROXY;
  delete childEnv.REDIS_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  if (options.buildInto) {
    childEnv.NEXT_DIST_DIR = options.buildInto;
    const made = JSON.stringify(
      Object.entries(childEnv)
        .filter(([k]) => !RUN_TIME_ONLY.has(k))
        .sort(),
    );
    if (builds.get(options.buildInto)?.made !== made) {
      builds.delete(options.buildInto);
      await build(childEnv);
      builds.set(options.buildInto, { made, port });
    }
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "lib/launcher/server.ts")],
    {
      cwd: ROOT,
      env: { ...childEnv, HOSTNAME: options.hostname ?? "127.0.0.1", NODE_ENV: "production" },
      stdio: "ignore",
    },
  );
  // Ready, not only alive: the blog store and its search index load in the background at start,
  // and a suite that measures the server (its memory, its answers) must not measure that load.
  await waitForOk(`${url}/api/health/ready`, { timeoutMs: 60_000, child });
  return { url, port, pid: child.pid!, stop: async () => void (await stopProcess(child)) };
}

/** `next build` with this environment; a failure throws with the end of its output. */
async function build(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`next build exited ${code}:\n${output}`);
}
