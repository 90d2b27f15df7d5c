import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, type ConfigProblem } from "@/lib/config/schema";
import { loadConfig } from "@/lib/config/startup";

/*
 * What a SITE_CONFIG file could make the site do beyond showing the team's brand: run script
 * from a logo or icon on the site's origin, or send readers elsewhere through a link that reads
 * as a path. Each is refused at start, naming the key and what was found.
 */

const FIXTURES = path.resolve(__dirname, "../fixtures/site-config");

/** A site file in a fresh folder, with `svg` beside it as brand.svg. */
function siteWith(content: unknown, svg?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-site-safety-"));
  if (svg !== undefined) writeFileSync(path.join(dir, "brand.svg"), svg);
  const file = path.join(dir, "site.json");
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function problemsOf(file: string): ConfigProblem[] {
  try {
    loadConfig({ SITE_CONFIG: file });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

const wrap = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${inner}</svg>`;

describe("brand SVGs cannot run script", () => {
  const scripted: [string, string, RegExp][] = [
    // The replay's logo: a script reading the admin API with the admin's cookies.
    [
      "<script>",
      wrap(`<script>fetch("/api/admin/team-members").then((r) => r.text()).then(alert)</script>`),
      /<script>/,
    ],
    ["namespaced <svg:script>", wrap(`<svg:script href="data:,alert(1)"/>`), /<script>/],
    ["an onload handler", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`, /event-handler/],
    ["an animation's onbegin", wrap(`<set attributeName="x" to="1" onbegin ="alert(1)"/>`), /event-handler/],
    [
      "a javascript: link",
      wrap(`<a href="javascript:alert(1)"><rect width="9" height="9"/></a>`),
      /javascript:/,
    ],
    [
      "javascript: behind character references and a tab",
      wrap(`<a xlink:href="&#x6A;ava&#9;script&colon;alert(1)"><rect/></a>`),
      /javascript:/,
    ],
    [
      "javascript: set by an animation",
      wrap(`<a><animate attributeName="href" to="JavaScript:alert(1)"/><rect/></a>`),
      /javascript:/,
    ],
    ["foreignObject", wrap(`<foreignObject><iframe src="/admin"/></foreignObject>`), /foreignObject/],
    [
      "an internal entity",
      `<!DOCTYPE svg [<!ENTITY s "&#60;script&#62;alert(1)&#60;/script&#62;">]>${wrap("&s;")}`,
      /ENTITY/,
    ],
  ];

  it.each(scripted)("a logo with %s is refused at start, naming the file", (_name, svg, found) => {
    const file = siteWith({ logo: "brand.svg" }, svg);
    const problems = problemsOf(file);
    expect(problems.map((p) => p.key)).toEqual(["logo"]);
    expect(problems[0]!.problem).toContain('"brand.svg"');
    expect(problems[0]!.problem).toContain(path.join(path.dirname(file), "brand.svg"));
    expect(problems[0]!.problem).toMatch(found);
    expect(problems[0]!.fix).toMatch(/PNG/);
  });

  it("a character reference past Unicode's range is read as nothing, not as a crash", () => {
    const odd = wrap(`<text>&#x110000;&#99999999999;</text>`);
    expect(problemsOf(siteWith({ logo: "brand.svg" }, odd))).toEqual([]);
  });

  it("an icon is checked the same way", () => {
    const problems = problemsOf(siteWith({ icon: "brand.svg" }, wrap("<script>1</script>")));
    expect(problems.map((p) => p.key)).toEqual(["icon"]);
  });

  it("a plain drawing passes, styles and text included", () => {
    const logo = readFileSync(path.join(FIXTURES, "logo.svg"), "utf8");
    expect(problemsOf(siteWith({ logo: "brand.svg", icon: "brand.svg" }, logo))).toEqual([]);
    const plain = wrap(`<title>Drawn on a grid</title><a href="https://example.org/"><circle r="4"/></a>`);
    expect(problemsOf(siteWith({ logo: "brand.svg" }, plain))).toEqual([]);
  });
});

describe("navigation links are plain paths or http(s) addresses", () => {
  it.each([
    ["/\\evil.example/x", /backslash/],
    ["\\\\evil.example/x", /backslash/],
    ["/blog\\..\\x", /backslash/],
    ["/ab\tout", /control character/],
    ["/a\u0000b", /control character/],
    ["//evil.example/x", /scheme-relative/],
    ["https://shop.example.org\\@evil.example/", /backslash/],
  ])("%j is refused at start, naming the link", (href, found) => {
    const problems = problemsOf(
      siteWith({
        navigation: [
          { label: "Blog", href: "/blog" },
          { label: "Trap", href },
        ],
      }),
    );
    expect(problems.map((p) => p.key)).toEqual(["navigation[1].href"]);
    expect(problems[0]!.problem).toContain(JSON.stringify(href));
    expect(problems[0]!.problem).toMatch(found);
  });

  it("a footer's social link with a backslash is refused too", () => {
    const problems = problemsOf(siteWith({ social: { github: "https://github.com\\@evil.example/acme" } }));
    expect(problems.map((p) => p.key)).toEqual(["social.github"]);
  });

  it("plain paths and addresses pass", () => {
    expect(
      problemsOf(
        siteWith({
          navigation: [
            { label: "Blog", href: "/blog" },
            { label: "Tag", href: "/tags/a%20b?x=1#y" },
            { label: "Shop", href: "https://shop.example.org/a/b" },
          ],
        }),
      ),
    ).toEqual([]);
  });
});
