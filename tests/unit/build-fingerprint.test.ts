import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/startup";
import {
  FINGERPRINT_FILE,
  buildMismatch,
  recordBuild,
  siteFingerprint,
} from "@/lib/launcher/build-fingerprint";

/*
 * A build records the site configuration it was made with; the launcher refuses to serve it
 * with another one, or none. The comparison here on folders laid out like a build (BUILD_ID and
 * the record), and the launcher's refusal as `npm run start:instance` runs it: exit 1 before
 * anything starts, SITE_CONFIG named. tests/e2e/build-configuration.spec.ts does the same on a
 * real `npm run build`.
 */

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/site-config");

/** A copy of the team fixture (site file, logo, icon) in a folder of its own. */
function teamFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-team-"));
  for (const file of ["site.config.json", "logo.svg"])
    cpSync(path.join(FIXTURES, file), path.join(dir, file));
  return dir;
}

const fingerprintOf = (siteConfig: string | undefined) =>
  siteFingerprint(siteConfig, loadConfig({ SITE_CONFIG: siteConfig }).site);

/** A folder like a build's, made with `siteConfig`. */
function buildMadeWith(siteConfig: string | undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-build-"));
  writeFileSync(path.join(dir, "BUILD_ID"), "test-build");
  recordBuild(dir, fingerprintOf(siteConfig));
  return dir;
}

describe("the build's record of its site configuration", () => {
  it("matches the same files, wherever they are mounted", () => {
    const built = buildMadeWith(path.join(teamFolder(), "site.config.json"));
    expect(buildMismatch(built, fingerprintOf(path.join(teamFolder(), "site.config.json")))).toBeNull();
    expect(buildMismatch(buildMadeWith(undefined), fingerprintOf(undefined))).toBeNull();
  });

  it("covers the files the configuration names: another logo is another configuration", () => {
    const team = teamFolder();
    const built = buildMadeWith(path.join(team, "site.config.json"));
    const other = teamFolder();
    writeFileSync(
      path.join(other, "logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    );
    const problem = buildMismatch(built, fingerprintOf(path.join(other, "site.config.json")));
    expect(problem?.variable).toBe("SITE_CONFIG");
    // The fixture uses one file for both.
    expect(problem?.problem).toContain("its icon, its logo differ.");
    expect(problem?.problem).toContain(path.join(team, "site.config.json"));
  });

  it("refuses an edited file, a missing SITE_CONFIG and a SITE_CONFIG the demo build never had", () => {
    const team = teamFolder();
    const file = path.join(team, "site.config.json");
    const built = buildMadeWith(file);

    const edited = teamFolder();
    const editedFile = path.join(edited, "site.config.json");
    writeFileSync(editedFile, JSON.stringify({ name: "Someone Else", logo: "logo.svg", icon: "logo.svg" }));
    expect(buildMismatch(built, fingerprintOf(editedFile))?.problem).toContain("the file itself differs.");

    const unset = buildMismatch(built, fingerprintOf(undefined));
    expect(unset).toMatchObject({ variable: "SITE_CONFIG" });
    expect(unset!.problem).toBe(
      `is unset, but this build was made with ${file}: this instance would serve the demo's name and language into pages the others share.`,
    );
    expect(unset!.fix).toContain("set SITE_CONFIG to that file");

    const onDemo = buildMismatch(buildMadeWith(undefined), fingerprintOf(file));
    expect(onDemo!.problem).toContain("this build was made with the demo's site (SITE_CONFIG unset)");
  });

  it("a folder without a build, or a build without a record, is refused with how to make one", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "masthead-build-"));
    expect(buildMismatch(empty, fingerprintOf(undefined))?.problem).toBe(`there is no build in ${empty}.`);
    writeFileSync(path.join(empty, "BUILD_ID"), "bare");
    expect(buildMismatch(empty, fingerprintOf(undefined))?.problem).toContain(`(${FINGERPRINT_FILE})`);
  });
});

describe("npm run start:instance on a build made with another site configuration", () => {
  it("exits 1 before starting anything, naming SITE_CONFIG and what to do", async () => {
    const team = path.join(teamFolder(), "site.config.json");
    const built = buildMadeWith(team);
    const distDir = path.relative(ROOT, built);
    mkdirSync(path.join(built, "server"), { recursive: true });
    const child = spawn(process.execPath, ["--import", "tsx", "lib/launcher/start.ts", "--no-build"], {
      cwd: ROOT,
      // A port nothing listens on: the check must come before the local workspace is looked for.
      env: { ...process.env, SITE_CONFIG: "", NEXT_DIST_DIR: distDir, LOCAL_WORKSPACE_PORT: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, output).toBe(1);
    const lines = output.trim().split("\n");
    // Through a pipe every line is JSON; the last says why, once.
    const parsed = lines.map((l) => JSON.parse(l) as { level: string; msg: string; problems?: unknown[] });
    const fatal = parsed.filter((l) => l.level === "fatal");
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toContain(`SITE_CONFIG: is unset, but this build was made with ${team}`);
    expect(fatal[0]!.msg).toContain("Fix: set SITE_CONFIG to that file");
    expect(fatal[0]!.problems).toHaveLength(1);
    expect(output).not.toMatch(/local workspace|next start/i);
  });
});
