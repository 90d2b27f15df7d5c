import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { FINGERPRINT_FILE, type SiteFingerprint } from "@/lib/launcher/build-fingerprint";
import { startLocalWorkspaceServer, type LocalWorkspaceServer } from "@/lib/local-workspace";
import { freePort } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";
import { keepingTsconfig } from "../helpers/tsconfig";
import { waitForOk } from "../helpers/until";

/*
 * The configuration travels with the build, replayed as a team runs it: one `npm run build`
 * with the team's SITE_CONFIG, then instances started on that build with the documented
 * command (`node --import tsx lib/launcher/start.ts --no-build`). Without SITE_CONFIG, or with
 * another logo, an instance refuses to start (exit 1, SITE_CONFIG named) and nothing listens;
 * with the same files mounted elsewhere it serves.
 */

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/site-config");
const DIST_DIR = ".next-build-configuration";
const KEY = "wps_build_configuration_key_0123456789";
const INSTANCE = [process.execPath, "--import", "tsx", "lib/launcher/start.ts", "--no-build"];

let ws: LocalWorkspaceServer;
let vars: Record<string, string>;
const running = new Set<ChildProcess>();
const folders: string[] = [];

/** A copy of the team fixture (site file and the logo it names) in a folder of its own. */
function teamFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-team-"));
  folders.push(dir);
  for (const file of ["site.config.json", "logo.svg"])
    cpSync(path.join(FIXTURES, file), path.join(dir, file));
  return dir;
}

function start(argv: string[], vars: Record<string, string>): ChildProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? ROOT,
    ...vars,
  };
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: env as NodeJS.ProcessEnv,
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

async function run(argv: string[], env: Record<string, string>) {
  const child = start(argv, env);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

let team: string;

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", apiKey: KEY, log: () => {} });
  vars = {
    WORKSPACE_URL: `http://127.0.0.1:${ws.port}`,
    WORKSPACE_API_KEY: KEY,
    SESSION_SECRET: "build-configuration-session-secret-0123456789abcdef",
    ADMIN_USERS: `ops@example.org=${hashPassword("build configuration password")}`,
    SITE_URL: "https://news.example.org",
    HOSTNAME: "127.0.0.1",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    SKIP_BUILD_TYPECHECK: "1",
  };
  team = teamFolder();
  const build = await keepingTsconfig(() =>
    run(["npm", "run", "build"], { ...vars, SITE_CONFIG: path.join(team, "site.config.json") }),
  );
  expect(build.code, build.output.slice(-3000)).toBe(0);
}, 600_000);

afterAll(async () => {
  for (const child of running) await stopProcess(child, 2_000);
  await ws?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(ROOT, DIST_DIR), { recursive: true, force: true });
});

describe("one build, the instances it is served by", { timeout: 120_000 }, () => {
  it("npm run build records SITE_CONFIG's file and the files it names", () => {
    const record = JSON.parse(
      readFileSync(path.join(ROOT, DIST_DIR, FINGERPRINT_FILE), "utf8"),
    ) as SiteFingerprint;
    expect(record.siteConfig).toBe(path.join(team, "site.config.json"));
    expect(Object.keys(record.parts).sort()).toEqual(["SITE_CONFIG", "icon", "logo"]);
  });

  it("an instance without SITE_CONFIG refuses to start: exit 1, SITE_CONFIG named, nothing listens", async () => {
    const port = await freePort();
    const { code, output } = await run(INSTANCE, { ...vars, PORT: String(port) });
    expect(code, output).toBe(1);
    const fatal = output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "fatal");
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toContain(
      `SITE_CONFIG: is unset, but this build was made with ${path.join(team, "site.config.json")}`,
    );
    expect(fatal[0]!.msg).toContain("Fix: set SITE_CONFIG to that file");
    await expect(
      fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }),
    ).rejects.toThrow();
  });

  it("an instance whose logo differs refuses to start", async () => {
    const other = teamFolder();
    writeFileSync(
      path.join(other, "logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    );
    const { code, output } = await run(INSTANCE, {
      ...vars,
      PORT: String(await freePort()),
      SITE_CONFIG: path.join(other, "site.config.json"),
    });
    expect(code, output).toBe(1);
    expect(output).toContain("its icon, its logo differ.");
  });

  it("an instance given the same files, mounted elsewhere, serves the team's site", async () => {
    const port = await freePort();
    const instance = start(INSTANCE, {
      ...vars,
      PORT: String(port),
      SITE_CONFIG: path.join(teamFolder(), "site.config.json"),
    });
    let output = "";
    instance.stdout!.on("data", (c: Buffer) => (output += c.toString("utf8")));
    await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, {
      timeoutMs: 90_000,
      child: instance,
      detail: () => output.slice(-2000),
    });
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(home).toContain("Beispiel Werkstatt");
    // The admin's sign-in carries the team's name too, not the product's, in the team's German.
    const login = await (await fetch(`http://127.0.0.1:${port}/admin/login`)).text();
    expect(login).toContain("<title>Anmelden · Verwaltung · Beispiel Werkstatt</title>");
    expect(login).toContain("Verwaltung von Beispiel Werkstatt: das Team Ihres Workspace verwalten.");
    expect(login).not.toMatch(/Verwaltung von Masthead|Verwaltung · Masthead/);
    expect(await stopProcess(instance, 20_000)).toEqual({ code: 0, signal: null });
  });

  it("npm run start:instance passes SIGTERM on: the server drains, npm exits 0, nothing is left", async () => {
    const port = await freePort();
    const npm = start(["npm", "run", "start:instance"], {
      ...vars,
      PORT: String(port),
      SITE_CONFIG: path.join(team, "site.config.json"),
    });
    let output = "";
    npm.stdout!.on("data", (c: Buffer) => (output += c.toString("utf8")));
    await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, {
      timeoutMs: 90_000,
      child: npm,
      detail: () => output.slice(-2000),
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      npm.once("exit", (code, signal) => resolve({ code, signal })),
    );
    // The one process the README starts, as a supervisor signals it (not its group).
    process.kill(npm.pid!, "SIGTERM");
    expect(await exited, output.slice(-2000)).toEqual({ code: 0, signal: null });
    expect(output).toContain("every request answered; exiting.");
    // Nothing of its group still runs (the launcher and next-server lead none of their own).
    expect(() => process.kill(-npm.pid!, 0)).toThrow(/ESRCH/);
    await expect(
      fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }),
    ).rejects.toThrow();
  });
});
