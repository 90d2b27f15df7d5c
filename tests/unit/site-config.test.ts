import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AA_CONTRAST, PAGE_BACKGROUND, contrastRatio } from "@/lib/config/colour";
import { ConfigError, type ConfigProblem } from "@/lib/config/schema";
import { DEFAULT_DESCRIPTION, DEMO_ACCENT, DEMO_SITE, accentCss } from "@/lib/config/site";
import { loadConfig } from "@/lib/config/startup";

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/site-config");
const TEAM = path.join(FIXTURES, "site.config.json");
const BAD = path.join(FIXTURES, "bad.config.json");

/** A site file written to a fresh folder (the logo fixture beside it), for one test. */
function siteFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-site-"));
  writeFileSync(path.join(dir, "logo.svg"), readFileSync(path.join(FIXTURES, "logo.svg")));
  const file = path.join(dir, "site.json");
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

function problemsOf(vars: Record<string, string | undefined>): ConfigProblem[] {
  try {
    loadConfig(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

const siteProblems = (content: unknown, vars: Record<string, string> = {}) =>
  problemsOf({ ...vars, SITE_CONFIG: siteFile(content) });

describe("SITE_CONFIG unset: the demo's site", () => {
  it("keeps the demo's words, red accent, links and English", () => {
    const { site } = loadConfig({});
    expect(site).toEqual(DEMO_SITE);
    expect(site.description).toBe(DEFAULT_DESCRIPTION);
    expect(site.description).not.toMatch(/\bwe\b/);
    expect(accentCss(site.accent)).toBeNull(); // no style added to the demo's pages
  });

  it("the demo's example file is the demo itself", () => {
    const { site } = loadConfig({ SITE_CONFIG: path.join(ROOT, "docs/site.config.example.json") });
    expect({ ...site, name: null, pages: [] }).toEqual(DEMO_SITE);
    expect(site.name).toBe("The Masthead Journal");
    // Its one addition: the Impressum a German team must carry, as an example of `pages`.
    expect(site.pages.map((p) => [p.path, p.title])).toEqual([["/impressum", "Impressum"]]);
  });

  it("checks accents against the backgrounds app/globals.css really has", () => {
    const css = readFileSync(path.join(ROOT, "app/globals.css"), "utf8");
    const [light, dark] = [...css.matchAll(/--bg: (#[0-9a-f]{6});/g)].map((m) => m[1]);
    expect({ light, dark }).toEqual(PAGE_BACKGROUND);
    const [accentLight, accentDark] = [...css.matchAll(/--accent: (#[0-9a-f]{6});/g)].map((m) => m[1]);
    expect({ light: accentLight, dark: accentDark }).toEqual(DEMO_ACCENT);
  });
});

describe("SITE_CONFIG: a team's site", () => {
  it("reads every key of the test's configuration", () => {
    const { site } = loadConfig({ SITE_CONFIG: TEAM });
    expect(site.name).toBe("Beispiel Werkstatt");
    expect(site.accent).toEqual({ light: "#0b6e4f", dark: "#5fd3a8", custom: true });
    expect(site.logo).toEqual({
      src: "/brand/logo",
      file: path.join(FIXTURES, "logo.svg"),
      type: "image/svg+xml",
      alt: "Beispiel Werkstatt",
      dark: null,
    });
    expect(site.navigation).toEqual([
      { label: "Artikel", href: "/blog", external: false },
      { label: "Newsletter", href: "/newsletter", external: false },
      { label: "Laden", href: "https://shop.example.org/", external: true },
    ]);
    expect(site.social.map((s) => [s.network, s.me])).toEqual([
      ["mastodon", true],
      ["github", true],
      ["rss", false],
    ]);
    expect(site.footer).toBe("© Beispiel Werkstatt GmbH, Berlin");
    expect(site.language).toBe("de");
    expect(accentCss(site.accent)).toContain("--accent:#0b6e4f");
  });

  it("derives a dark-scheme accent that passes AA when only accentColor is given", () => {
    const { site } = loadConfig({ SITE_CONFIG: siteFile({ accentColor: "#1d4ed8" }) });
    expect(site.accent.light).toBe("#1d4ed8");
    expect(contrastRatio(site.accent.dark, PAGE_BACKGROUND.dark)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("takes a logo for the dark scheme beside the logo, and refuses one without a logo", () => {
    const { site } = loadConfig({ SITE_CONFIG: siteFile({ logo: "logo.svg", logoDark: "logo.svg" }) });
    expect(site.logo?.dark).toMatchObject({ src: "/brand/logo-dark", type: "image/svg+xml" });
    const [problem] = siteProblems({ logoDark: "logo.svg" });
    expect(problem).toMatchObject({ key: "logoDark", problem: "is set without logo." });
    expect(problem!.fix).toContain('set "logo"');
  });

  it("takes a logo on an allowed image host as an address, and canonicalises the language", () => {
    const { site } = loadConfig({
      SITE_CONFIG: siteFile({ logo: "http://127.0.0.1:4010/logo.png", language: "PT-br" }),
    });
    expect(site.logo).toEqual({
      src: "http://127.0.0.1:4010/logo.png",
      file: null,
      type: null,
      alt: "",
      dark: null,
    });
    expect(site.language).toBe("pt-BR");
  });

  it("writes dates in the site's time zone, UTC unset, and refuses one Intl does not know", () => {
    expect(loadConfig({ SITE_CONFIG: siteFile({}) }).site.timeZone).toBe("UTC");
    expect(loadConfig({ SITE_CONFIG: siteFile({ timeZone: "Europe/Berlin" }) }).site.timeZone).toBe(
      "Europe/Berlin",
    );
    const [problem] = siteProblems({ timeZone: "Mars/Olympus" });
    expect(problem).toMatchObject({ key: "timeZone", problem: "is not a time zone Intl knows." });
    expect(problem!.fix).toContain('"Europe/Berlin"');
  });
});

describe("SITE_CONFIG pages: the team's own Markdown pages", () => {
  it("renders the Markdown once, HTML in it as text and javascript: links as text", () => {
    const { site } = loadConfig({ SITE_CONFIG: TEAM });
    const [impressum, about] = site.pages;
    expect(impressum).toMatchObject({ path: "/impressum", title: "Impressum", footer: true });
    expect(impressum!.html).toContain("<h2>Angaben gemäß § 5 DDG</h2>");
    expect(impressum!.html).toContain('<a href="mailto:hallo@werkstatt.example">hallo@werkstatt.example</a>');
    expect(impressum!.html).toContain("&lt;script&gt;alert(&quot;werkstatt&quot;)&lt;/script&gt;");
    expect(impressum!.html).not.toMatch(/<script|href="javascript:/i);
    expect(about).toMatchObject({ path: "/ueber-uns", footer: false });
  });

  it("refuses a path that is not one lowercase segment, one of the site's own, or taken twice", () => {
    const page = (path: string) => ({ path, title: "T", markdown: "Text" });
    const problems = siteProblems({
      pages: [
        page("/Impressum"),
        page("/a/b"),
        page("/blog"),
        page("/x"),
        page("/x"),
        { ...page("/y"), markdown: " " },
      ],
    });
    expect(problems.map((p) => [p.key, p.problem])).toEqual([
      ["pages[0].path", '"/Impressum" is not one lowercase path segment.'],
      ["pages[1].path", '"/a/b" is not one lowercase path segment.'],
      ["pages[2].path", '"/blog" is one of the site\'s own pages.'],
      ["pages[5].markdown", "is empty."],
      ["pages[4].path", '"/x" is the path of an earlier page too.'],
    ]);
    expect(problems.every((p) => p.fix.length > 0)).toBe(true);
  });
});

describe("SITE_CONFIG: a bad file stops the start with every problem at once", () => {
  it("names the variable, the key, the problem and the fix for each", () => {
    const problems = problemsOf({ SITE_CONFIG: BAD });
    expect(problems.map((p) => [p.variable, p.key])).toEqual([
      ["SITE_CONFIG", "accentColor"],
      ["SITE_CONFIG", "accentColorDark"],
      ["SITE_CONFIG", "logo"],
      ["SITE_CONFIG", "navigation[0].href"],
      ["SITE_CONFIG", "titel"],
    ]);
    const by = Object.fromEntries(problems.map((p) => [p.key, p]));
    expect(by["titel"]!.problem).toBe("is not a key Masthead knows.");
    expect(by["titel"]!.fix).toContain("name, description");
    expect(by["accentColor"]!.problem).toBe('"green" is not a colour written as #rrggbb.');
    // Which scheme, and by how much.
    expect(by["accentColorDark"]!.problem).toBe(
      "#1a1a1a has a contrast of 1.08:1 against the dark scheme's page background (#121110); WCAG AA needs 4.5:1, 3.42 more.",
    );
    expect(by["accentColorDark"]!.fix).toMatch(/lighter colour, e\.g\. "#[0-9a-f]{6}"/);
    expect(by["logo"]!.problem).toContain('"missing-logo.png" names no file');
    expect(by["navigation[0].href"]!.fix).toContain('"/about"');
    for (const p of problems) expect(p.fix.length).toBeGreaterThan(10);
  });

  it("refuses an accent that fails AA in the light scheme, with a darker one that passes", () => {
    const [problem] = siteProblems({ accentColor: "#ff8800" });
    expect(problem!.problem).toMatch(/light scheme's page background \(#ffffff\); WCAG AA needs 4\.5:1/);
    const suggested = /e\.g\. "(#[0-9a-f]{6})"/.exec(problem!.fix)![1]!;
    expect(contrastRatio(suggested, PAGE_BACKGROUND.light)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Just under the line is still under it: #777777 is 4.48:1 on white.
    expect(siteProblems({ accentColor: "#777777" })[0]!.problem).toContain("4.47:1");
  });

  it("reports the file's problems with the environment's, in variable order", () => {
    const problems = siteProblems({ accentColor: "red" }, { PORT: "http", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.variable)).toEqual(["PORT", "LOG_LEVEL", "SITE_CONFIG"]);
  });

  it("refuses addresses that are not allowed: logo off the image hosts, social not http(s), nested unknown keys", () => {
    const problems = siteProblems({
      logo: "https://cdn.elsewhere.example/logo.png",
      social: { github: "github.com/acme", facebook: "https://facebook.com/acme" },
      navigation: [{ label: "Home", href: "//evil.example/" }],
      language: "not a tag",
    });
    expect(problems.map((p) => p.key)).toEqual([
      "logo",
      "navigation[0].href",
      "social.github",
      "social.facebook",
      "language",
    ]);
    expect(problems[0]!.fix).toContain("add cdn.elsewhere.example to IMAGE_HOSTS");
  });

  it("accepts the same logo once its host is an image host", () => {
    const file = siteFile({ logo: "https://cdn.elsewhere.example/logo.png" });
    const config = loadConfig({ SITE_CONFIG: file, IMAGE_HOSTS: "cdn.elsewhere.example" });
    expect(config.site.logo?.src).toBe("https://cdn.elsewhere.example/logo.png");
  });

  it("says when the file cannot be read or is not JSON", () => {
    expect(problemsOf({ SITE_CONFIG: "/nonexistent/site.json" })[0]!.problem).toBe(
      "cannot read /nonexistent/site.json (ENOENT).",
    );
    expect(siteProblems('{ "name": "x", }')[0]!.problem).toMatch(/is not valid JSON/);
    expect(siteProblems("[]")[0]).toMatchObject({
      variable: "SITE_CONFIG",
      problem: "is not a JSON object of settings.",
    });
  });

  it("prints the key beside the variable in the start-up message", () => {
    let message = "";
    try {
      loadConfig({ SITE_CONFIG: BAD });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      '  - SITE_CONFIG (navigation[0].href): "about" is neither a path on this site (starting with /) nor an http(s) address. Fix: write "/about"',
    );
  });
});

describe("npm start with a bad SITE_CONFIG", () => {
  it("exits 1 before starting anything, with every problem in its message", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "lib/launcher/start.ts"], {
      cwd: ROOT,
      // A port nothing listens on: were the check to pass, no workspace of another run is reused.
      env: { ...process.env, SITE_CONFIG: BAD, LOCAL_WORKSPACE_PORT: "1", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("Masthead cannot start: the configuration is invalid.");
    for (const key of ["accentColor", "accentColorDark", "logo", "navigation[0].href", "titel"])
      expect(output).toContain(`SITE_CONFIG (${key}):`);
    expect(output).not.toContain("next build");
  });
});
