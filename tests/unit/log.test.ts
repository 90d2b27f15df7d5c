import { execFile, execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../helpers/redis-server";

/*
 * The logger as a process sees it: a child Node process imports lib/observability/log.mjs and
 * writes a few lines; the test reads what reached its standard output (a pipe, or a terminal
 * through `script`).
 */

const LOG_MODULE = path.resolve(__dirname, "../../lib/observability/log.mjs");
const REDIS_MODULE = path.resolve(__dirname, "../../lib/state/redis-fail-fast.mjs");
const CONSOLE_MODULE = path.resolve(__dirname, "../../lib/observability/console-to-log.ts");
const FORWARD_MODULE = path.resolve(__dirname, "../../lib/observability/console-to-log.ts");
const SCRIPT = `
import { log, logLine } from ${JSON.stringify(LOG_MODULE)};
log("delivery").info({ pending: 3, password: "hunter2-secret", headers: { cookie: "masthead_admin=Fe26.2**x" } }, "worker running");
log("admin").debug("only at debug");
logLine("workspace")("a reporter line");
log("state").error("Redis is unreachable");
`;

function environment(env: Record<string, string | undefined>) {
  const vars = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete vars[k];
  return vars;
}

function run(env: Record<string, string | undefined> = {}, script = SCRIPT): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: environment(env),
    encoding: "utf8",
  });
}

const lines = (out: string) =>
  out
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the logger", () => {
  it("writes one JSON object per line with time, level, msg and component", () => {
    const entries = lines(run({ LOG_LEVEL: undefined }));
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => [e.level, e.component, e.msg])).toEqual([
      ["info", "delivery", "worker running"],
      ["warn", "workspace", "a reporter line"],
      ["error", "state", "Redis is unreachable"],
    ]);
    for (const e of entries) {
      expect(typeof e.time === "string" && !Number.isNaN(Date.parse(e.time))).toBe(true);
      expect(e.pid).toEqual(expect.any(Number));
    }
    expect(entries[0]).toMatchObject({ pending: 3 });
  });

  it("redacts fields that would carry a secret", () => {
    const out = run();
    expect(out).not.toContain("hunter2-secret");
    expect(out).not.toContain("Fe26");
    expect(lines(out)[0]).toMatchObject({ password: "[redacted]", headers: "[redacted]" });
  });

  it("honours LOG_LEVEL, and falls back to info for a value that is not a level", () => {
    expect(lines(run({ LOG_LEVEL: "debug" })).map((e) => e.msg)).toContain("only at debug");
    expect(lines(run({ LOG_LEVEL: "ERROR" })).map((e) => e.msg)).toEqual(["Redis is unreachable"]);
    expect(run({ LOG_LEVEL: "silent" })).toBe("");
    expect(lines(run({ LOG_LEVEL: "verbose" }))).toHaveLength(3);
  });

  it("prints readable lines when standard output is a terminal", () => {
    // `script` gives the child a pseudo-terminal (util-linux, on every Debian).
    const tty = spawnSync(
      "script",
      ["-qec", `${process.execPath} --input-type=module -e '${SCRIPT.replace(/'/g, "'\\''")}'`, "/dev/null"],
      { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "info" } },
    );
    expect(tty.status, tty.stderr).toBe(0);
    const plain = tty.stdout.replace(/\u001b\[[0-9;]*m/g, "").replace(/\r/g, "");
    expect(plain).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: \[delivery\] worker running \{"pending":3,"password":"\[redacted\]"/m,
    );
    expect(plain).toMatch(/ERROR: \[state\] Redis is unreachable/);
    expect(plain).not.toMatch(/^\{"level"/m);
  });
});

describe("the admin audit trail", () => {
  const AUDIT = `
import { auditLog, log } from ${JSON.stringify(LOG_MODULE)};
log("admin").info("an ordinary admin line");
auditLog().info({ kind: "admin_audit", actor: "(unknown account)", action: "login", outcome: "refused" }, "admin login: refused");
log("admin").warn("a warning");
`;

  it("survives LOG_LEVEL=warn and error, where ordinary info lines are dropped", () => {
    for (const level of ["warn", "error"]) {
      const entries = lines(run({ LOG_LEVEL: level }, AUDIT));
      expect(entries.map((e) => e.msg)).toContain("admin login: refused");
      expect(entries.map((e) => e.msg)).not.toContain("an ordinary admin line");
      expect(entries.find((e) => e.kind === "admin_audit")).toMatchObject({
        level: "info",
        component: "admin",
        action: "login",
        outcome: "refused",
      });
    }
  });

  it("is written with everything else at info and debug, and not at all when the log is silent", () => {
    expect(lines(run({ LOG_LEVEL: "debug" }, AUDIT)).map((e) => e.msg)).toEqual([
      "an ordinary admin line",
      "admin login: refused",
      "a warning",
    ]);
    expect(run({ LOG_LEVEL: "silent" }, AUDIT)).toBe("");
  });
});

describe("Redis connections", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis?.stop());

  it("say once per process, at info, that Redis is reachable: not once per connection, not at warn", async () => {
    // The connections a server opens: state, Next's cache and its tag channel, the delivery queue.
    const script = `
import { createRedisClient, firstConnectionAttempt } from ${JSON.stringify(REDIS_MODULE)};
const url = ${JSON.stringify(redis.url)};
const clients = [
  createRedisClient(url, "state"),
  createRedisClient(url, "next-cache"),
  createRedisClient(url, "next-cache-tags", undefined, { subscriber: true }),
  createRedisClient(url, "delivery"),
];
await Promise.all(clients.map(firstConnectionAttempt));
process.exit(0);
`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
      env: environment({ LOG_LEVEL: "debug" }),
      encoding: "utf8",
    });
    const entries = lines(stdout);
    const reachable = entries.filter((e) => /reachable; state is shared/.test(String(e.msg)));
    expect(reachable, stdout).toHaveLength(1);
    expect(reachable[0]).toMatchObject({ level: "info", component: "state" });
    expect(reachable[0]!.msg).toBe(`Redis at 127.0.0.1:${redis.port} is reachable; state is shared.`);
    // The other three only at debug, and nothing at warn while Redis is up.
    expect(entries.filter((e) => e.level === "debug" && / connected\.$/.test(String(e.msg)))).toHaveLength(3);
    expect(entries.filter((e) => e.level !== "debug" && e.level !== "info")).toEqual([]);
  });
});

/** Runs a CommonJS `script` under tsx at LOG_LEVEL=info: its stdout's entries, nothing on stderr. */
function stdoutOnly(script: string) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    env: environment({ LOG_LEVEL: "info" }),
    encoding: "utf8",
  });
  expect(child.status, child.stderr).toBe(0);
  expect(child.stderr).toBe("");
  return lines(child.stdout);
}

describe("a server's console", () => {
  it("reaches standard output as the logger's JSON lines: Next's glyphs and colours gone, nothing on stderr", () => {
    const script = `
const { routeConsoleToLog } = require(${JSON.stringify(CONSOLE_MODULE)});
routeConsoleToLog();
console.error("\u001b[31m⨯\u001b[39m upstream image", "https://images.staging.acme.test/c.png", "hostname resolved to private IP", JSON.stringify(["10.20.0.5"]));
console.log("");
console.warn("\u001b[33m⚠\u001b[39m a warning from Next");
console.info("an %s line", "informational");
console.debug("a debug line");
`;
    const entries = stdoutOnly(script);
    expect(entries.map((e) => [e.level, e.component, e.msg])).toEqual([
      [
        "error",
        "next",
        'upstream image https://images.staging.acme.test/c.png hostname resolved to private IP ["10.20.0.5"]',
      ],
      ["warn", "next", "a warning from Next"],
      ["info", "next", "an informational line"],
    ]);
  });
});

describe("the launcher's copy of the server's output", () => {
  it("passes the server's JSON lines through and turns Next's plain lines (its banner) into JSON lines", () => {
    const script = `
const { PassThrough } = require("node:stream");
const { forwardAsJsonLines } = require(${JSON.stringify(FORWARD_MODULE)});
const out = new PassThrough();
const err = new PassThrough();
forwardAsJsonLines(out, "info");
forwardAsJsonLines(err, "warn");
out.write("   \u25b2 Next.js 16.4.6\\n   - Local:        http://127.0.0.1:3000\\n\\n");
out.write(JSON.stringify({ level: "info", component: "delivery", msg: "worker running" }) + "\\n");
out.end(" \u2713 Ready in 218ms\\n");
err.end(" \u26a0 a warning from Next\\n");
`;
    const entries = stdoutOnly(script);
    expect(entries.map((e) => [e.level, e.component, e.msg])).toEqual([
      ["info", "next", "Next.js 16.4.6"],
      ["info", "next", "- Local:        http://127.0.0.1:3000"],
      ["info", "delivery", "worker running"],
      ["info", "next", "Ready in 218ms"],
      ["warn", "next", "a warning from Next"],
    ]);
  });
});
