import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ROOT,
  documentedCommands,
  dockerRuntimeStage,
  program,
  unitExecStart,
} from "@/tests/helpers/deploy-units";

const LAUNCHER = "lib/launcher/start.ts";
const readRepo = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const systemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

/** The command with its program reduced to its name, as it is compared across the files. */
const asRun = (argv: string[]) => [program(argv), ...argv.slice(1)];

describe("the production start command", () => {
  const documented = documentedCommands("deploy/README.md", LAUNCHER);
  const image = dockerRuntimeStage();
  const unit = unitExecStart("deploy/systemd/masthead.service");

  it("is node itself, so the process a supervisor signals is the launcher (no npm, no shell)", () => {
    expect(documented).toHaveLength(1);
    for (const argv of [documented[0]!, image.cmd, unit]) {
      expect(program(argv)).toBe("node");
      expect(argv).toContain(LAUNCHER);
      expect(argv).toContain("--no-build");
    }
  });

  it("is the same command in deploy/README.md, the systemd unit, the image and docs/operations.md", () => {
    expect(asRun(image.cmd)).toEqual(documented[0]);
    expect(asRun(unit)).toEqual(documented[0]);
    expect(path.isAbsolute(unit[0]!)).toBe(true); // systemd runs no PATH lookup of its own
    const operations = documentedCommands("docs/operations.md", LAUNCHER).concat(
      [...readRepo("docs/operations.md").matchAll(/`(?:PORT=\d+ )?(node [^`]*)`/g)].map((m) =>
        m[1]!.split(/\s+/),
      ),
    );
    expect(operations).toContainEqual(documented[0]);
  });

  it("the image follows Next's self-hosting conventions: Node 24, not root, SIGTERM, readiness healthcheck", () => {
    expect(image.image).toMatch(/^node:24\b/);
    expect(image.user).toBeTruthy();
    expect(image.user).not.toMatch(/^(root|0)$/);
    expect(image.stopSignal).toBe("SIGTERM");
    expect(image.healthcheck).toContain("/api/health/ready");
    expect(image.env.HOSTNAME).toBe("0.0.0.0");
    expect(readRepo("deploy/Dockerfile")).not.toMatch(/better-sqlite3|node-gyp|build-essential|python3/);
  });
});

describe("the systemd units", () => {
  it.skipIf(!systemdAnalyze)("pass systemd-analyze verify", () => {
    for (const unit of ["masthead.service", "masthead-worker.service"]) {
      const run = spawnSync("systemd-analyze", ["verify", `./${unit}`], {
        cwd: path.join(ROOT, "deploy/systemd"),
        encoding: "utf8",
      });
      expect(`${run.stdout}${run.stderr}`.trim(), unit).toBe("");
      expect(run.status, unit).toBe(0);
    }
  });

  it("stop the launcher alone and wait longer than its own grace", () => {
    for (const unit of ["deploy/systemd/masthead.service", "deploy/systemd/masthead-worker.service"]) {
      const text = readRepo(unit);
      expect(text, unit).toMatch(/^KillMode=mixed$/m);
      expect(text, unit).toMatch(/^KillSignal=SIGTERM$/m);
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]), unit).toBeGreaterThan(15);
    }
  });
});
