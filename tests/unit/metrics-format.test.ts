import { describe, expect, it } from "vitest";
import { metrics, reportGauge } from "../../lib/observability/metrics";
import { promtool } from "../helpers/promtool";

/*
 * What GET /api/metrics serves (the process registry's text, every gauge reported) passes
 * Prometheus' own lint, `promtool check metrics`: a scraper's tooling and a team's CI accept it.
 * The endpoint's own answer is checked the same way in tests/e2e/observability.spec.ts.
 */

describe("the metrics text", () => {
  it("passes promtool check metrics", async () => {
    const m = metrics();
    reportGauge(m.redisUp, 1);
    reportGauge(m.blogPosts, 12);
    m.signups.inc({ outcome: "created" });
    const text = await m.registry.metrics();
    expect(text).toContain("# TYPE masthead_newsletter_signups_total counter");
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");

    const run = promtool(["check", "metrics"], text);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
