import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * `npm run admin-totp` enrols an admin: the authenticator app files the entry under the site's
 * name (SITE_CONFIG's `name`), not the product's.
 */

const ROOT = path.resolve(__dirname, "../..");
const TEAM = path.join(ROOT, "tests/fixtures/site-config/site.config.json");

function enrol(env: Record<string, string | undefined>) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "lib/admin/totp-cli.ts", "ops@example.org"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("npm run admin-totp", () => {
  it("issues the entry under the site's name", () => {
    const out = enrol({ SITE_CONFIG: TEAM });
    expect(out).toContain('(the app shows it as "Beispiel Werkstatt")');
    expect(out).toMatch(
      /URI: +otpauth:\/\/totp\/Beispiel%20Werkstatt:ops%40example\.org\?issuer=Beispiel%20Werkstatt&/,
    );
  });

  it("without a site name, issues it as Masthead and says how to change that", () => {
    const out = enrol({ SITE_CONFIG: "" });
    expect(out).toMatch(/URI: +otpauth:\/\/totp\/Masthead:ops%40example\.org\?issuer=Masthead&/);
    expect(out).toContain("run with SITE_CONFIG set to your site's file for its name");
  });
});
