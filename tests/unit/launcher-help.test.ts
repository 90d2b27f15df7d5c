import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * `npm start -- --help` as a new user types it: the usage, exit 0, and nothing started (no
 * build, no local workspace: with `-h` the launcher returns before reading the configuration).
 */

const ROOT = path.resolve(__dirname, "../..");

describe("npm start -- --help", () => {
  it.each([["--help"], ["-h"]])("%s prints the usage and exits 0 without building", (flag) => {
    const run = spawnSync("npm", ["start", "--silent", "--", flag], {
      cwd: ROOT,
      encoding: "utf8",
      // A configuration that would stop a real start at once: help must not read it.
      env: { ...process.env, SESSION_SECRET: "short", NEXT_DIST_DIR: ".next-help-must-not-exist" },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm start/);
    for (const option of ["--no-build", "--reset-workspace", "--help"]) expect(run.stdout).toContain(option);
    expect(run.stdout + run.stderr).not.toMatch(
      /next build|Creating an optimized|local workspace on|SESSION_SECRET/,
    );
  });
});
