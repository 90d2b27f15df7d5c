import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The logger as a process sees it: a child Node process imports lib/observability/log.mjs and
 * writes a few lines; the test reads what reached its standard output (a pipe, or a terminal
 * through `script`).
 */

const LOG_MODULE = path.resolve(__dirname, "../../lib/observability/log.mjs");
const SCRIPT = `
import { log, logLine } from ${JSON.stringify(LOG_MODULE)};
log("delivery").info({ pending: 3, password: "hunter2-secret", headers: { cookie: "masthead_admin=Fe26.2**x" } }, "worker running");
log("admin").debug("only at debug");
logLine("workspace")("a reporter line");
log("state").error("Redis is unreachable");
`;

function run(env: Record<string, string | undefined> = {}): string {
  const vars = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete vars[k];
  return execFileSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
    env: vars,
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
