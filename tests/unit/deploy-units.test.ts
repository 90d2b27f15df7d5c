import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ROOT,
  documentedCommands,
  dockerRemovals,
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

  it("the image runs under an init, without what only the build needs, with the site's files", () => {
    expect(image.entrypoint).toEqual(["/usr/bin/tini", "--"]);
    expect(readRepo("deploy/Dockerfile")).toMatch(/apt-get install -y --no-install-recommends tini/);
    expect(dockerRemovals()).toEqual(
      expect.arrayContaining(["node_modules/@next/swc-*", ".next/cache", "node_modules/node"]),
    );
    expect(image.copies.flatMap((c) => c.sources)).toContain("/app/site");
  });
});

describe("the systemd units", () => {
  it.skipIf(!systemdAnalyze)("pass systemd-analyze verify, installed in a checkout with its own Node", () => {
    // The units name the checkout /srv/masthead; this checkout stands in for it, so verify also
    // finds the program ExecStart runs (systemd checks that it exists and is executable).
    const installed = mkdtempSync(path.join(tmpdir(), "masthead-units-"));
    for (const unit of ["masthead.service", "masthead-worker.service"]) {
      const text = readRepo(`deploy/systemd/${unit}`);
      expect(text, unit).toMatch(/^ExecStart=\/srv\/masthead\/node_modules\/\.bin\/node /m);
      writeFileSync(path.join(installed, unit), text.replaceAll("/srv/masthead", ROOT));
      const run = spawnSync("systemd-analyze", ["verify", `./${unit}`], { cwd: installed, encoding: "utf8" });
      expect(`${run.stdout}${run.stderr}`.trim(), unit).toBe("");
      expect(run.status, unit).toBe(0);
    }
  });

  it("run a Node that a production install (npm ci --omit=dev) keeps", () => {
    // What `npm ci --omit=dev` would install, read from the lockfile without installing.
    const tree = spawnSync("npm", ["ls", "node", "--omit=dev", "--json"], { cwd: ROOT, encoding: "utf8" });
    const node = (JSON.parse(tree.stdout) as { dependencies?: { node?: { version: string } } }).dependencies
      ?.node;
    expect(node, "the node package among the production dependencies").toBeDefined();
    expect(Number(node!.version.split(".")[0])).toBeGreaterThanOrEqual(24);
  });

  it("run the checkout's own Node, which is 24 or newer", () => {
    const version = spawnSync(path.join(ROOT, "node_modules/.bin/node"), ["--version"], { encoding: "utf8" });
    expect(Number(/^v(\d+)\./.exec(version.stdout)?.[1])).toBeGreaterThanOrEqual(24);
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
