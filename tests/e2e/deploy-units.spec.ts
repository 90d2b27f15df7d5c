import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { hashPassword } from "../../lib/config/password-hash";
import { ROOT, dockerRemovals, dockerRuntimeStage, type RuntimeStage } from "../helpers/deploy-units";
import { freePort } from "../helpers/redis-server";
import { until, waitForOk } from "../helpers/until";
import { currentFault, setFault } from "../helpers/workspace-controls";

/*
 * The image's command, run the way the image runs it: in a folder laid out by the Dockerfile's
 * runtime stage (its COPY lines, with this test run's build as the build stage's .next, less
 * what the stages delete), with the image's ENTRYPOINT (tini), CMD and ENV, against a workspace configured as a team's real one (the local
 * workspace on its own port, with its own key). Then one SIGTERM to that one process, as
 * `docker stop` or `systemctl stop` sends it: the instance must drain and exit 0, not leave a
 * server behind.
 */

const DIST_DIR = process.env.E2E_DIST_DIR ?? ".next-e2e";
const KEY = "wps_deploy_units_test_key_0123456789";
const SUBSCRIBE_PATH = "/api/external/v2/email-subscriptions";
const STANDARD = "linus.berg@example.com";

let folder: string;
let workspace: ChildProcess | undefined;
let workspaceUrl: string;
let instance: ChildProcess | undefined;
const lines: string[] = [];

function logged(child: ChildProcess): ChildProcess {
  const sink = (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", sink);
  child.stderr?.on("data", sink);
  return child;
}
const recent = () => lines.slice(-40).join("\n");

/**
 * The runtime stage's files: `/app/<path>` of a build stage is this checkout's <path>, less what
 * the stages delete (Next's compiler, the build's cache). node_modules is a tree of hard links
 * (the checkout's, dev packages included), so deleting from it leaves the checkout whole; where
 * hard links cannot be made it is a symlink, and what the stages delete from it stays.
 */
function layOut(stage: RuntimeStage, into: string): void {
  for (const copy of stage.copies)
    for (const source of copy.sources) {
      const rel = path.posix.relative(stage.workdir, source);
      const target = copy.dest.endsWith("/")
        ? path.join(into, copy.dest, path.basename(source))
        : path.join(into, copy.dest);
      mkdirSync(path.dirname(target), { recursive: true });
      const from = path.join(ROOT, rel === ".next" ? DIST_DIR : rel);
      if (rel === "node_modules") {
        if (spawnSync("cp", ["-al", from, target]).status !== 0) symlinkSync(from, target, "dir");
      } else if (!existsSync(from))
        mkdirSync(target); // site/: made empty by the build stage for the demo
      else cpSync(from, target, { recursive: true });
    }
  for (const removal of dockerRemovals()) {
    const dir = path.join(into, path.dirname(removal));
    const name = path.basename(removal);
    if (lstatSync(path.join(into, removal.split("/")[0]!), { throwIfNoEntry: false })?.isSymbolicLink())
      continue;
    const names = existsSync(dir) ? readdirSync(dir) : [];
    for (const entry of names.filter((n) =>
      name.endsWith("*") ? n.startsWith(name.slice(0, -1)) : n === name,
    ))
      rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(path.join(os.tmpdir(), "masthead-image-"));
  const port = await freePort();
  workspaceUrl = `http://127.0.0.1:${port}`;
  workspace = logged(
    spawn(
      process.execPath,
      ["--import", "tsx", "lib/local-workspace/cli.ts", "--port", String(port), "--reset"],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          LOCAL_WORKSPACE_API_KEY: KEY,
          LOCAL_WORKSPACE_DATA_DIR: path.join(folder, "workspace-data"),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    ),
  );
  await waitForOk(`${workspaceUrl}/__local/health`, { timeoutMs: 60_000, child: workspace, detail: recent });
});

test.afterAll(async () => {
  // The instance's whole group, even when its first process has exited: a server left behind by
  // a failed drain is stopped too.
  if (instance?.pid)
    try {
      process.kill(-instance.pid, "SIGKILL");
    } catch {
      // nothing left
    }
  if (workspace?.pid && workspace.exitCode === null && workspace.signalCode === null)
    workspace.kill("SIGKILL");
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("SIGTERM to the image's command: readiness says draining, the held request is answered, exit 0", async () => {
  test.setTimeout(180_000);
  const stage = dockerRuntimeStage();
  const app = path.join(folder, "app");
  layOut(stage, app);

  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  // What the stages delete is gone: the server runs without Next's compiler or the build's cache.
  expect(existsSync(path.join(app, ".next/cache"))).toBe(false);
  if (!lstatSync(path.join(app, "node_modules")).isSymbolicLink())
    expect(readdirSync(path.join(app, "node_modules/@next")).filter((n) => n.startsWith("swc-"))).toEqual([]);
  expect(existsSync(path.join(app, "site"))).toBe(true);

  // ENTRYPOINT then CMD, as Docker runs them: tini, then node (this test's Node, the image's `node`).
  const [init, ...initArgs] = stage.entrypoint;
  const [program, ...args] = stage.cmd;
  expect(program).toBe("node");
  expect(init).toBe("/usr/bin/tini");
  const hasTini = existsSync(init!);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: folder,
    ...stage.env,
    // What `docker run -e` would set: this machine's free port, loopback only.
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    WORKSPACE_URL: workspaceUrl,
    WORKSPACE_API_KEY: KEY,
    SESSION_SECRET: "deploy-units-test-session-secret-0123456789abcdef",
    // The second entry is a Standard member in the workspace: start-up names it.
    ADMIN_USERS: `admin@example.com=${hashPassword("deploy units test password")},${STANDARD}=${hashPassword("standard member password")}`,
    SITE_URL: site,
  };
  // detached: the instance leads its own process group, so only the one process is signalled
  // below, and anything it leaves behind can still be found and stopped afterwards.
  // Without tini here (`apt-get install tini`), the command runs as process 1 would run it alone.
  instance = logged(
    spawn(hasTini ? init! : process.execPath, hasTini ? [...initArgs, process.execPath, ...args] : args, {
      cwd: app,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: env as NodeJS.ProcessEnv,
    }),
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    instance!.once("exit", (code, signal) => resolve({ code, signal })),
  );
  await waitForOk(`${site}/api/health/ready`, { timeoutMs: 90_000, child: instance, detail: recent });
  const adminWarnings = () =>
    lines.filter((l) => l.includes('"component":"admin"') && l.includes('"level":"warn"'));
  await until(() => adminWarnings().length > 0, {
    what: "start-up to name the ADMIN_USERS entry that is not an admin",
    timeoutMs: 30_000,
    detail: recent,
  });

  // A signup the instance holds when the signal comes: the workspace takes 3 s to answer it.
  await setFault(workspaceUrl, { mode: "slow", delayMs: 3_000, pathPrefix: SUBSCRIBE_PATH, count: 1 });
  const held = fetch(`${site}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: site },
    body: JSON.stringify({ email: `held-${Date.now()}@example.org` }),
  }).then(async (res) => ({ status: res.status, body: await res.text() }));
  await until(async () => (await currentFault(workspaceUrl)) === null, {
    what: "the signup to reach the workspace",
    timeoutMs: 30_000,
    detail: recent,
  });

  process.kill(instance.pid!, "SIGTERM");

  let readiness = "";
  await until(
    async () => {
      try {
        const res = await fetch(`${site}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
        readiness = `${res.status} ${await res.text()}`;
        return res.status === 503;
      } catch (error) {
        readiness = `no answer (${String(error)})`;
        return false;
      }
    },
    {
      what: "readiness to answer 503 after SIGTERM",
      timeoutMs: 10_000,
      intervalMs: 25,
      detail: () => `${readiness}\n${recent()}`,
    },
  );
  expect(readiness).toMatch(/^503 .*"draining"/);

  const answer = await held;
  expect([201, 202], `the held signup: ${answer.body}`).toContain(answer.status);
  expect(await exited, recent()).toEqual({ code: 0, signal: null });
  expect(adminWarnings()).toHaveLength(1);
  expect(adminWarnings()[0]).toContain(`${STANDARD} (its workspace role is not in ADMIN_ROLES)`);
  expect(adminWarnings()[0]).not.toContain("admin@example.com (");
  // Nothing of the instance still serves: the port is closed.
  await expect(fetch(`${site}/api/health/ready`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
});
