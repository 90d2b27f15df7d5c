import { spawn, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portProblem } from "@/lib/launcher/port-check";
import { freePort } from "../helpers/redis-server";

/*
 * What `npm start` says when it cannot start, as an operator sees it: through a pipe (a log
 * driver, a supervisor) every line is a JSON line; on a terminal (run under `script`, which
 * gives the launcher a pseudo-terminal) one readable report, not the report and then the same
 * problems again as a JSON blob. A taken port is found before the build, as one error.
 */

const ROOT = path.resolve(__dirname, "../..");
const BAD = path.join(ROOT, "tests/fixtures/site-config/bad.config.json");
const START = ["--import", "tsx", "lib/launcher/start.ts"];
const hasScript = spawnSync("script", ["--version"]).status === 0;

async function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  // LOCAL_WORKSPACE_PORT 1: nothing listens there, so no workspace of another run is reused.
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOCAL_WORKSPACE_PORT: "1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

/** The launcher on a pseudo-terminal, as `npm start` by hand; its output without colours. */
function onTerminal(env: Record<string, string>): { code: number | null; output: string } {
  const command = [process.execPath, ...START].map((w) => `'${w}'`).join(" ");
  const result = spawnSync("script", ["-qec", command, "/dev/null"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, LOCAL_WORKSPACE_PORT: "1", LOG_LEVEL: "info", ...env },
    timeout: 60_000,
  });
  return { code: result.status, output: result.stdout.replace(/\u001b\[[0-9;]*m/g, "").replace(/\r/g, "") };
}

async function holdPort(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

describe("a taken port", () => {
  it("is found before anything starts: one JSON error naming the port and what to do, exit 1", async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    try {
      const { code, output } = await run(START, { PORT: String(port) });
      expect(code, output).toBe(1);
      const lines = output
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { level: string; component: string; msg: string });
      const errors = lines.filter((l) => ["warn", "error", "fatal"].includes(l.level));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: "fatal", component: "launcher" });
      expect(errors[0]!.msg).toContain(`127.0.0.1:${port} is already in use`);
      expect(errors[0]!.msg).toContain(`PORT=${port + 1} npm start`);
      // Neither the local workspace nor a build was started.
      expect(output).not.toMatch(/Next\.js|local workspace|next build/i);
    } finally {
      holder.close();
    }
  });

  it("is told apart from a port that is free", async () => {
    const port = await freePort();
    expect(await portProblem(port, "127.0.0.1")).toBeNull();
    const holder = await holdPort(port);
    try {
      expect(await portProblem(port, "127.0.0.1")).toMatch(/is already in use/);
    } finally {
      holder.close();
    }
  });

  it.skipIf(!hasScript)("on a terminal: one readable line", async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    try {
      const { code, output } = onTerminal({ PORT: String(port) });
      expect(code, output).toBe(1);
      const fatal = output.split("\n").filter((l) => l.includes("FATAL"));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain(`[launcher] 127.0.0.1:${port} is already in use`);
      expect(output).not.toContain('{"');
    } finally {
      holder.close();
    }
  });
});

describe("a bad configuration", () => {
  it.skipIf(!hasScript)("on a terminal: one readable report, each problem once, no JSON", () => {
    const { code, output } = onTerminal({ SITE_CONFIG: BAD });
    expect(code, output).toBe(1);
    expect(output.match(/Masthead cannot start: the configuration is invalid\./g)).toHaveLength(1);
    for (const key of ["accentColor", "accentColorDark", "logo", "navigation[0].href", "titel"])
      expect(output.split(`SITE_CONFIG (${key}):`).length - 1, key).toBe(1);
    expect(output).not.toMatch(/"problems"|"variable"|\[\{/);
  });

  it("through a pipe: one JSON line with the report and its problems", async () => {
    const { code, output } = await run(START, { SITE_CONFIG: BAD });
    expect(code).toBe(1);
    const lines = output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { level: string; msg: string; problems?: { key?: string }[] });
    const fatal = lines.filter((l) => l.level === "fatal");
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toContain("SITE_CONFIG (titel):");
    expect(fatal[0]!.problems?.map((p) => p.key)).toContain("titel");
  });
});
