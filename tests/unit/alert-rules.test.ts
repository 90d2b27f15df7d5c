import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The alert rules operators load (deploy/prometheus/masthead-alerts.yml) are checked by
 * Prometheus' own tool: they parse, and each fires on the series an incident produces and stays
 * quiet on normal traffic (tests/unit/alert-rules.test.yml, `promtool test rules`).
 */

const ROOT = path.resolve(__dirname, "../..");
const PROMTOOL = process.env.PROMTOOL_BIN || "promtool";

function promtool(...args: string[]) {
  const run = spawnSync(PROMTOOL, args, { cwd: ROOT, encoding: "utf8" });
  if (run.error)
    throw new Error(
      [
        `The alert-rule tests run ${PROMTOOL}, which could not be started (${run.error.message}).`,
        "  Debian/Ubuntu:  sudo apt-get install prometheus   (no service needs to run)",
        "  macOS:          brew install prometheus",
        "  Or point PROMTOOL_BIN at a promtool binary.",
      ].join("\n"),
    );
  return run;
}

describe("Prometheus alert rules", () => {
  it("parse: five rules", () => {
    const run = promtool("check", "rules", "deploy/prometheus/masthead-alerts.yml");
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("SUCCESS: 5 rules found");
  });

  it("fire on incidents and stay quiet otherwise (promtool test rules)", () => {
    const run = promtool("test", "rules", "tests/unit/alert-rules.test.yml");
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("SUCCESS");
  });
});
