import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_WORKSPACE_PORT } from "../../playwright.config";
import { en } from "../../lib/i18n/en";
import { fr } from "../../lib/i18n/fr";
import type { Phrase } from "../../lib/i18n";
import { expectAccessible } from "../helpers/accessibility";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";

/*
 * A French team's whole site: a build and a server of their own with SITE_CONFIG set to
 * tests/fixtures/site-config/atelier.config.json (Atelier Lumière: French, six realistic links,
 * a logo for each colour scheme, one phrase of its own), walked page by page for any English
 * phrase of the interface, the team's name in titles, the header on a phone, one newsletter form
 * per page and the current page in the navigation. The demo's BLOG_POST_URL_TEMPLATE is left to
 * its default, so a post links to the local workspace's article page. DOCS_SCREENSHOTS=1 also
 * writes the French site's screenshots (desktop and mobile, light and dark) into docs/screenshots/.
 */

const ROOT = path.resolve(__dirname, "../..");
const SITE_CONFIG = path.join(ROOT, "tests/fixtures/site-config/atelier.config.json");
const NAME = "Atelier Lumière";
const OVERRIDDEN = "Le carnet de l'atelier";

let site: SecondServer;
/** The workspace's own words on the pages (titles, summaries, authors, topics): English in the demo. */
let contentStrings: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  site = await startSecondServer(
    { SITE_CONFIG },
    { buildInto: `${process.env.E2E_DIST_DIR ?? ".next-e2e"}-site-language` },
  );
  // The JSON feed carries each post's title, summary (content_html), authors and topics.
  const feed = (await (await request.get(`${site.url}/feed.json`)).json()) as {
    items: {
      title: string;
      content_html?: string;
      author?: { name: string };
      authors?: { name: string }[];
      tags?: string[];
    }[];
  };
  contentStrings = [
    ...new Set(
      feed.items.flatMap((i) => [
        i.title,
        i.content_html ?? "",
        i.author?.name ?? "",
        ...(i.authors ?? []).map((a) => a.name),
        ...(i.tags ?? []),
      ]),
    ),
  ]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
});

test.afterAll(async () => {
  await site?.stop();
});

const texts = (p: Phrase) => (typeof p === "string" ? [p] : (Object.values(p).filter(Boolean) as string[]));
const FRENCH_TEXT = Object.values(fr).flatMap(texts).join("\n");
/**
 * The English interface's words, as the literal runs between placeholders: every run with four
 * letters or more that the French catalogue does not also use ("Page", "Blog", "Menu").
 */
const ENGLISH_RUNS = [
  ...new Set(
    Object.values(en)
      .flatMap(texts)
      .flatMap((t) => t.split(/\{[A-Za-z]+\}/))
      .map((run) => run.trim().replace(/^[\s.,;:!?→←“”«»()-]+|[\s.,;:!?→←“”«»()-]+$/g, ""))
      .filter((run) => (run.match(/\p{L}/gu)?.length ?? 0) >= 4 && !FRENCH_TEXT.includes(run)),
  ),
];

/** What a reader meets of the interface: the text, the title, labels, placeholders and alt texts, without the posts' own words. */
async function interfaceText(page: Page): Promise<string> {
  let text = await page.evaluate(() => {
    const attrs = [
      ...document.querySelectorAll("[aria-label], [placeholder], img[alt], meta[name=description]"),
    ]
      .flatMap((el) => ["aria-label", "placeholder", "alt", "content"].map((a) => el.getAttribute(a) ?? ""))
      .join("\n");
    return `${document.title}\n${document.body.innerText}\n${attrs}`;
  });
  for (const content of contentStrings) text = text.replaceAll(content, " ");
  return text;
}

async function expectNoEnglish(page: Page, where: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const text = await interfaceText(page);
  const left = ENGLISH_RUNS.filter((run) =>
    new RegExp(`(?<!\\p{L})${run.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\p{L})`, "u").test(text),
  );
  expect(left, `${where}: English interface phrases`).toEqual([]);
}

async function firstPostPath(page: Page): Promise<string> {
  await page.goto(`${site.url}/blog`);
  return (await page.locator("main article h2 a[href^='/blog/']").first().getAttribute("href"))!;
}

test("the English catalogue's words are what the walk looks for", () => {
  // The check below can fail: these are English runs it would find.
  expect(ENGLISH_RUNS).toEqual(
    expect.arrayContaining(["Latest posts", "Search posts", "Subscribe", "Topics"]),
  );
  expect(ENGLISH_RUNS.length).toBeGreaterThan(100);
});

test("/, /blog, a post, a tag, /search with and without results, /newsletter and the 404 have no English interface phrase", async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  await expectNoEnglish(page, "/");
  // The team's own phrase, as written; the catalogue's words around it.
  await expect(page.locator("main").getByText(OVERRIDDEN, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Derniers articles" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Les \d+ articles →$/ })).toBeVisible();

  await page.goto(`${site.url}/blog`);
  await expectNoEnglish(page, "/blog");
  await expect(page.locator("main p").first()).toHaveText(
    /^\d+ articles de Atelier Lumière, du plus récent au plus ancien\.$/,
  );

  const postPath = await firstPostPath(page);
  await page.goto(`${site.url}${postPath}`);
  await expectNoEnglish(page, postPath);
  await expect(page.getByText(/^Publié le \d{1,2} [a-zéû]+ \d{4}$/)).toBeVisible();

  const tag = page.locator("main footer a[href^='/tags/']").first();
  const tagPath = (await tag.getAttribute("href"))!;
  await page.goto(`${site.url}${tagPath}`);
  await expectNoEnglish(page, tagPath);
  await expect(page.getByText("Thème", { exact: true })).toBeVisible();

  const word = (await page.locator("main article h3 a").first().textContent())!
    .split(/\s+/)
    .find((w) => w.length > 4)!;
  await page.goto(`${site.url}/search?q=${encodeURIComponent(word)}`);
  await expectNoEnglish(page, `/search?q=${word}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Résultats pour « ${word} »`);
  await expect(page.getByText(/^\d+ articles? correspond/)).toBeVisible();

  await page.goto(`${site.url}/search?q=xqzvwk`);
  await expectNoEnglish(page, "/search?q=xqzvwk");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aucun résultat pour « xqzvwk »");

  await page.goto(`${site.url}/search`);
  await expectNoEnglish(page, "/search");

  await page.goto(`${site.url}/newsletter`);
  await expectNoEnglish(page, "/newsletter");

  const missing = await page.goto(`${site.url}/cette-page-n-existe-pas`);
  expect(missing?.status()).toBe(404);
  await expectNoEnglish(page, "404");
  await expect(page).toHaveTitle(`Page introuvable · ${NAME}`);
});

test("a post's <title> and og:title are its own title and the team's name, never the workspace's blog", async ({
  page,
  request,
}) => {
  const postPath = await firstPostPath(page);
  await page.goto(`${site.url}${postPath}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await expect(page).toHaveTitle(`${title} · ${NAME}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${title} · ${NAME}`);
  expect(await page.content()).not.toContain("The Masthead Journal");
  const posting = (
    await Promise.all(
      (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (t) => JSON.parse(t) as Record<string, unknown>,
      ),
    )
  ).find((d) => d["@type"] === "BlogPosting")!;
  expect(posting.publisher).toMatchObject({ name: NAME });
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "title",
    `${NAME} (RSS)`,
  );

  const manifest = (await (await request.get(`${site.url}/manifest.webmanifest`)).json()) as Record<
    string,
    unknown
  >;
  expect(manifest).toMatchObject({ name: NAME, short_name: "Atelier", lang: "fr" });
});

test("a post page says what it is and goes somewhere: the full article in the local workspace, topics, author, neighbours", async ({
  page,
}) => {
  const postPath = await firstPostPath(page);
  await page.goto(`${site.url}${postPath}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const full = page.getByRole("link", { name: /^Lire l'article complet/ });
  const href = (await full.getAttribute("href"))!;
  expect(href).toBe(
    `http://localhost:${E2E_WORKSPACE_PORT}/__local/articles/${postPath.slice("/blog/".length)}`,
  );
  const article = await fetch(href.replace("localhost", "127.0.0.1"));
  expect(article.status).toBe(200);
  const html = await article.text();
  expect(html).toContain("<h1>");
  expect(html).toContain(title.split(" ")[0]!);
  await expect(page.getByRole("heading", { name: "Thèmes" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Plus d'articles de / }).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Autres articles" }).getByRole("link")).not.toHaveCount(
    0,
  );
});

test("at 390 px the header holds six realistic links behind a menu that opens without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`${site.url}/blog`);
  const height = (await page.locator("body > header").boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(120);
  await expect(page.locator("summary")).toHaveText("Menu");
  const links = page.getByRole("navigation", { name: "Principale" }).getByRole("link");
  await expect(links).toHaveCount(0); // closed: the links are not shown
  await page.locator("summary").click();
  await expect(links).toHaveCount(6);
  await expect(links.nth(1)).toHaveText("Lettre d'information");
  await expect(links.nth(4)).toHaveText("Boutique ↗ (autre site)");
  // The current page is marked, in the HTML the server sent.
  await expect(links.nth(0)).toHaveAttribute("aria-current", "page");
  expect(await links.nth(1).getAttribute("aria-current")).toBeNull();
  await context.close();
});

test("on a wide screen the links are one row and the current page is marked", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site.url}/newsletter`);
  const links = page.getByRole("navigation", { name: "Principale" }).getByRole("link");
  await expect(links).toHaveCount(6);
  await expect(links.nth(1)).toHaveAttribute("aria-current", "page");
  await page.goto(`${site.url}${await firstPostPath(page)}`);
  // A post is inside the blog's section.
  await expect(links.nth(0)).toHaveAttribute("aria-current", "true");
  await expectAccessible(page, "post, wide");
});

test("the dark scheme shows the dark logo", async ({ browser }) => {
  for (const [colorScheme, file] of [
    ["light", "/brand/logo"],
    ["dark", "/brand/logo-dark"],
  ] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const logo = page.locator("header").getByRole("img", { name: NAME });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe(file);
    await context.close();
  }
});

test("the newsletter: one form per page, none after a signup, one neutral message, and a refused address kept without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const signupForms = page.locator("form:not([role=search])");
  await page.goto(`${site.url}/`);
  await expect(signupForms).toHaveCount(1);
  await page.goto(`${site.url}/newsletter`);
  await expect(signupForms).toHaveCount(1);

  // A typo the browser lets through, typed key by key: the refusal says why in French and gives
  // the address back.
  const field = page.getByLabel("Votre adresse e-mail");
  await field.pressSequentially("camille@atelier");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page).toHaveURL(/\/newsletter\/retry\?/);
  await expect(page.getByRole("status")).toHaveText(fr["outcome.invalid.missingDomain"] as string);
  await expect(page.getByLabel("Votre adresse e-mail")).toHaveValue("camille@atelier");
  await expect(signupForms).toHaveCount(1);

  // Corrected at its end: the thanks page, with the one neutral message and no form.
  await page.getByLabel("Votre adresse e-mail").press("End");
  await page.getByLabel("Votre adresse e-mail").pressSequentially(`-${Date.now()}.fr`);
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page).toHaveURL(/\/newsletter\/subscribed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci");
  await expect(page.locator("#newsletter-outcome")).toHaveText(fr["outcome.subscribed"] as string);
  await expect(signupForms).toHaveCount(0);
  await context.close();
});

test("screenshots of the French site for docs/ (DOCS_SCREENSHOTS=1)", async ({ browser }) => {
  test.skip(!process.env.DOCS_SCREENSHOTS, "writes docs/ only when asked");
  const postPath = await (async () => {
    const page = await browser.newPage();
    const p = await firstPostPath(page);
    await page.close();
    return p;
  })();
  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      for (const [name, url] of [
        ["home", "/"],
        ["post", postPath],
      ] as const) {
        await page.goto(`${site.url}${url}`);
        await page.screenshot({
          path: path.join(ROOT, `docs/screenshots/fr-${name}-${device}-${colorScheme}.png`),
        });
      }
      if (device === "mobile") {
        await page.goto(`${site.url}/blog`);
        await page.locator("summary").click();
        await page.screenshot({
          path: path.join(ROOT, `docs/screenshots/fr-menu-mobile-${colorScheme}.png`),
        });
      }
      await context.close();
    }
  }
});
