import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Parser from "rss-parser";
import { expectAccessible } from "../helpers/accessibility";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";

/*
 * A team's site, not the demo's: a build and a server of their own with SITE_CONFIG set to
 * tests/fixtures/site-config/site.config.json (another name, words, accent, logo, three links,
 * profiles, footer and German), checked on the home page, a post, the feeds, the manifest and a
 * preview image; the demo server of the suite keeps the demo's. DOCS_SCREENSHOTS=1 also writes
 * the home pages' screenshots that docs/ shows.
 */

const ROOT = path.resolve(__dirname, "../..");
const SITE_CONFIG = path.join(ROOT, "tests/fixtures/site-config/site.config.json");
const NAME = "Beispiel Werkstatt";
const DESCRIPTION = "Notizen aus der Werkstatt: was wir bauen, schreiben und teilen.";
const ACCENT = { light: "rgb(11, 110, 79)", dark: "rgb(95, 211, 168)" };
const GERMAN_DATE = new Intl.DateTimeFormat("de", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

let site: SecondServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  site = await startSecondServer(
    { SITE_CONFIG },
    { buildInto: `${process.env.E2E_DIST_DIR ?? ".next-e2e"}-site-config` },
  );
});

test.afterAll(async () => {
  await site?.stop();
});

async function firstPostPath(page: Page): Promise<string> {
  await page.goto(`${site.url}/blog`);
  const href = await page.locator("main article a[href^='/blog/']").first().getAttribute("href");
  return href!;
}

const jsonLd = async (page: Page) =>
  Promise.all(
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    ),
  );

/** The header's search button (its form named in the site's language): drawn in the accent the scheme shows. */
const buttonBackground = (page: Page, name = "Beiträge durchsuchen") =>
  page
    .getByRole("search", { name })
    .getByRole("button")
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test("the home page shows the team's name, words, logo, links, profiles, footer, accent and language", async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  await expect(page).toHaveTitle(NAME);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
  await expect(page.locator("main").getByText(DESCRIPTION, { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", DESCRIPTION);

  // The logo has words of its own, so it stands for the name in the header's home link.
  const header = page.locator("header");
  const logo = header.getByRole("img", { name: NAME });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(header.getByRole("link", { name: NAME })).toHaveAttribute("href", "/");

  const nav = page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link");
  await expect(nav).toHaveCount(3);
  await expect(nav.nth(0)).toHaveText("Artikel");
  await expect(nav.nth(0)).toHaveAttribute("href", "/blog");
  await expect(nav.nth(1)).toHaveAttribute("href", "/newsletter");
  // The link to another site says so, to eyes and to screen readers.
  await expect(nav.nth(2)).toHaveAttribute("href", "https://shop.example.org/");
  await expect(nav.nth(2)).toHaveAttribute("rel", "external");
  await expect(nav.nth(2)).toHaveText("Laden ↗ (andere Website)");
  await expect(nav.nth(2)).toHaveAccessibleName("Laden (andere Website)");

  const footer = page.locator("footer");
  await expect(footer).toContainText("© Beispiel Werkstatt GmbH, Berlin");
  const profiles = footer.getByRole("list", { name: "Anderswo" }).getByRole("link");
  await expect(profiles).toHaveText(["Mastodon", "GitHub", "RSS"]);
  await expect(profiles.nth(0)).toHaveAttribute("rel", "me");
  await expect(profiles.nth(0)).toHaveAttribute("href", "https://mastodon.example/@werkstatt");
  await expect(profiles.nth(1)).toHaveAttribute("rel", "me");
  expect(await profiles.nth(2).getAttribute("rel")).toBeNull(); // a feed is not an identity

  const blog = (await jsonLd(page)).find((d) => d["@type"] === "Blog")!;
  expect(blog).toMatchObject({ name: NAME, description: DESCRIPTION });
  expect(blog.sameAs).toEqual([
    "https://mastodon.example/@werkstatt",
    "https://github.com/beispiel-werkstatt",
  ]);

  // Dates in German, through Intl.
  const time = page.locator("main time").first();
  const iso = (await time.getAttribute("datetime"))!;
  await expect(time).toHaveText(GERMAN_DATE.format(new Date(iso)));
  expect(await time.textContent()).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zä]+ \d{4}$/);

  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/brand/icon");
  expect(await buttonBackground(page)).toBe(ACCENT.light);
  await expectAccessible(page, "home, light");

  await page.emulateMedia({ colorScheme: "dark" });
  expect(await buttonBackground(page)).toBe(ACCENT.dark);
  await expectAccessible(page, "home, dark");
});

test("a post carries the name, language, German dates, profiles and its preview image in the accent", async ({
  page,
  request,
}) => {
  const postPath = await firstPostPath(page);
  await page.goto(`${site.url}${postPath}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("header").getByRole("img", { name: NAME })).toBeVisible();
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", NAME);
  const published = page.locator("main article time").first();
  await expect(published).toHaveText(
    GERMAN_DATE.format(new Date((await published.getAttribute("datetime"))!)),
  );
  const posting = (await jsonLd(page)).find((d) => d["@type"] === "BlogPosting")!;
  expect(posting.publisher).toMatchObject({
    name: NAME,
    sameAs: ["https://mastodon.example/@werkstatt", "https://github.com/beispiel-werkstatt"],
  });
  await expectAccessible(page, "post, light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, "post, dark");

  // The preview image the page names answers with a PNG drawn in the team's accent.
  const ogImage = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
  const res = await request.get(new URL(new URL(ogImage).pathname, site.url).href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const accentPixels = await page.evaluate(
    async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0);
      // The name and its dot, top left: #5fd3a8 (the dark accent) where the demo has its reds.
      const { data } = ctx.getImageData(40, 40, 520, 90);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (
          Math.abs(data[i]! - 95) < 12 &&
          Math.abs(data[i + 1]! - 211) < 12 &&
          Math.abs(data[i + 2]! - 168) < 12
        )
          n++;
      return n;
    },
    `data:image/png;base64,${(await res.body()).toString("base64")}`,
  );
  expect(accentPixels).toBeGreaterThan(100);
});

test("the team's Impressum: at its path with header and footer, linked from the footer, in the sitemap; HTML in its text shown as text", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${site.url}/`);
  // The footer links the team's pages (but not one marked "footer": false) and the feed, not the navigation again.
  const footerLinks = page.locator("footer").getByRole("navigation", { name: "Website" }).getByRole("link");
  await expect(footerLinks).toHaveText(["Impressum", "RSS-Feed"]);
  await footerLinks.first().click();
  await expect(page).toHaveURL(`${site.url}/impressum`);
  await expect(page).toHaveTitle(/^Impressum/);
  // A page of the site like any other when shared or read by a feed reader: its card, the feeds.
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}/impressum`);
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\/default$/);
  await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute("content", NAME);
  await expect(head.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Angaben gemäß § 5 DDG");
  await expect(page.getByRole("banner").getByRole("link", { name: NAME })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("© Beispiel Werkstatt GmbH, Berlin");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "hallo@werkstatt.example" })).toHaveAttribute(
    "href",
    "mailto:hallo@werkstatt.example",
  );
  // The team's <script> is text on the page, and its javascript: link is no link.
  await expect(main).toContainText('<script>alert("werkstatt")</script>');
  await expect(main.locator("script")).toHaveCount(0);
  await expect(main.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await expectAccessible(page, "Impressum");

  expect((await request.get(`${site.url}/ueber-uns`)).status()).toBe(200);
  expect((await request.get(`${site.url}/nicht-da`)).status()).toBe(404);
  const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/impressum<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]*\/ueber-uns<\/loc>/);
});

test("the feeds say the team's name, description and language", async ({ request }) => {
  const parser = new Parser();
  const rssText = await (await request.get(`${site.url}/feed.xml`)).text();
  const rss = await parser.parseString(rssText);
  expect(rss.title).toBe(NAME);
  expect(rss.description).toBe(DESCRIPTION);
  expect(rssText).toContain("<language>de</language>");
  const atom = await (await request.get(`${site.url}/atom.xml`)).text();
  expect(atom).toMatch(/<feed xml:lang="de" /);
  expect((await parser.parseString(atom)).title).toBe(NAME);
  const json = (await (await request.get(`${site.url}/feed.json`)).json()) as Record<string, unknown>;
  expect(json).toMatchObject({ title: NAME, description: DESCRIPTION, language: "de" });
});

test("the web app manifest, the icon and the logo come from the configuration", async ({ request }) => {
  const res = await request.get(`${site.url}/manifest.webmanifest`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    name: NAME,
    description: DESCRIPTION,
    lang: "de",
    theme_color: "#0b6e4f",
    start_url: "/",
    icons: [{ src: "/brand/icon", type: "image/svg+xml", sizes: "any" }],
  });
  const logo = await request.get(`${site.url}/brand/logo`);
  expect(logo.headers()["content-type"]).toBe("image/svg+xml");
  expect(await logo.text()).toContain(">Werkstatt</text>");
  expect(await (await request.get(`${site.url}/brand/icon`)).text()).toBe(await logo.text());
});

test("the demo server keeps the demo's site: its name, words, red and English", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.locator("main").getByText("Notes on building, writing and working together.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Blog",
    "Newsletter",
  ]);
  expect(await buttonBackground(page, "Search posts")).toBe("rgb(180, 35, 42)");
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: "The Masthead Journal", theme_color: "#b4232a", lang: "en" });
  const icon = await (await request.get("/brand/icon")).text();
  expect(icon).toContain('fill="#b4232a"');
});

test("screenshots of both home pages for docs/ (DOCS_SCREENSHOTS=1)", async ({ browser, baseURL }) => {
  test.skip(!process.env.DOCS_SCREENSHOTS, "writes docs/ only when asked");
  for (const [name, url] of [
    ["demo", baseURL!],
    ["team", site.url],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`${url}/`);
      await page.screenshot({ path: path.join(ROOT, `docs/screenshots/home-${name}-${colorScheme}.png`) });
      await context.close();
    }
  }
});

test("screenshots of the team's Impressum for docs/ (DOCS_SCREENSHOTS=1)", async ({ browser }) => {
  test.skip(!process.env.DOCS_SCREENSHOTS, "writes docs/ only when asked");
  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    const shots = await browser.newContext({ viewport });
    const p = await shots.newPage();
    await p.goto(`${site.url}/impressum`);
    await expect(p.getByRole("heading", { level: 1 })).toHaveText("Impressum");
    await p.screenshot({
      path: path.join(ROOT, `docs/screenshots/de-impressum-${device}.png`),
      fullPage: true,
    });
    await shots.close();
  }
});
