import { spawnSync } from "node:child_process";
import path from "node:path";

/*
 * Prometheus' own checker (Debian's `prometheus` package, or PROMTOOL_BIN), for the alert rules
 * and the metrics text the site serves. A missing promtool stops the test with the command to
 * install it.
 */

const ROOT = path.resolve(__dirname, "../..");
const PROMTOOL = process.env.PROMTOOL_BIN || "promtool";

/** Runs promtool with `args` from the repository's root; `input` is its standard input. */
export function promtool(args: string[], input?: string) {
  const run = spawnSync(PROMTOOL, args, { cwd: ROOT, encoding: "utf8", input });
  if (run.error)
    throw new Error(
      [
        `This test runs ${PROMTOOL}, which could not be started (${run.error.message}).`,
        "  Debian/Ubuntu:  sudo apt-get install prometheus   (no service needs to run)",
        "  macOS:          brew install prometheus",
        "  Or point PROMTOOL_BIN at a promtool binary.",
      ].join("\n"),
    );
  return run;
}
