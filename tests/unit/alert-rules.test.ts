import { describe, expect, it } from "vitest";
import { promtool } from "../helpers/promtool";

/*
 * The alert rules operators load (deploy/prometheus/masthead-alerts.yml) are checked by
 * Prometheus' own tool: they parse, and each fires on the series an incident produces and stays
 * quiet on normal traffic (tests/unit/alert-rules.test.yml, `promtool test rules`).
 */

describe("Prometheus alert rules", () => {
  it("parse: eleven rules", () => {
    const run = promtool(["check", "rules", "deploy/prometheus/masthead-alerts.yml"]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("SUCCESS: 11 rules found");
  });

  it("fire on incidents and stay quiet otherwise (promtool test rules)", () => {
    const run = promtool(["test", "rules", "tests/unit/alert-rules.test.yml"]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("SUCCESS");
  });
});
