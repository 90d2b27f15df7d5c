import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { startLocalWorkspaceServer, type LocalWorkspaceServer } from "@/lib/local-workspace";
import { freePort } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";

/*
 * `npm run build` and `npm start` check the configuration and the workspace before compiling:
 * a bad variable or an unreachable workspace ends them with the variable named, and Next's
 * build never starts (its banner, "▲ Next.js", is never printed).
 */

const ROOT = path.resolve(__dirname, "../..");
const KEY = "wps_build_preflight_key_0123456789";
let ws: LocalWorkspaceServer;
let good: Record<string, string>;

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", apiKey: KEY, log: () => {} });
  good = {
    WORKSPACE_URL: `http://127.0.0.1:${ws.port}`,
    WORKSPACE_API_KEY: KEY,
    SESSION_SECRET: "build-preflight-session-secret-0123456789abcdef",
    ADMIN_USERS: `ops@example.org=${hashPassword("build preflight password")}`,
    SITE_URL: "https://news.example.org",
  };
});
afterAll(() => ws?.close());

/** Runs a command with only these variables (beyond PATH and HOME); its exit code and output. */
async function run(
  argv: string[],
  vars: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? ROOT,
    // A build that starts anyway writes to a folder of its own (and the test fails).
    NEXT_DIST_DIR: ".next-preflight",
    ...vars,
  };
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: env as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const guard = setTimeout(() => void stopProcess(child, 1_000), 90_000);
  const code = await exited;
  clearTimeout(guard);
  return { code, output };
}

const npmBuild = ["npm", "run", "build"];
const npmStart = [process.execPath, "--import", "tsx", "lib/launcher/start.ts"];

// Generous: a check that lets the build start fails on its output, not on the clock.
describe("before the build", { timeout: 120_000 }, () => {
  it("npm run build: a bad SESSION_SECRET stops it with the configuration message, before compiling", async () => {
    const { code, output } = await run(npmBuild, { ...good, SESSION_SECRET: "short" });
    expect(code).toBe(1);
    expect(output).toContain("Masthead cannot start: the configuration is invalid.");
    expect(output).toMatch(/SESSION_SECRET: is 5 characters.*openssl rand/);
    expect(output).not.toContain("Next.js");
    expect(output).not.toContain("Cannot load the blog");
  });

  it("npm run build: an unreachable WORKSPACE_URL is named, before compiling", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const { code, output } = await run(npmBuild, { ...good, WORKSPACE_URL: nobody });
    expect(code).toBe(1);
    expect(output).toContain(`The workspace at ${nobody} (WORKSPACE_URL) does not answer`);
    expect(output).not.toContain("Next.js");
  });

  it("npm run build: a key the workspace refuses names WORKSPACE_API_KEY, and the key is not printed", async () => {
    const { code, output } = await run(npmBuild, {
      ...good,
      WORKSPACE_API_KEY: "wps_not_this_workspaces_key_99",
    });
    expect(code).toBe(1);
    expect(output).toContain("refused the API key (401): check WORKSPACE_API_KEY");
    expect(output).not.toContain("wps_not_this_workspaces_key_99");
    expect(output).not.toContain("Next.js");
  });

  it("npm start: an unreachable workspace is named before it builds", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const { code, output } = await run(npmStart, {
      ...good,
      WORKSPACE_URL: nobody,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(output).toContain(`The workspace at ${nobody} (WORKSPACE_URL) does not answer`);
    expect(output).not.toContain("Next.js");
  });
});
