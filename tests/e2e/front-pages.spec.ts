import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { de } from "../../lib/i18n/de";
import { en } from "../../lib/i18n/en";
import { MESSAGE_KEYS } from "../../lib/i18n";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";
import { startFront, type Front } from "../helpers/nginx";
import { freePort } from "../helpers/redis-server";

/*
 * A German team's refusals, wherever they come from. The front's own (deploy/README.md: written
 * by `npm run front-pages` from the site file, served by nginx from MASTHEAD_PAGES_DIR) with no
 * instance behind it: its 503, 413 and 429 read in Chromium are German, `lang="de"`, in the
 * site's accent, with the site file's own words where it has some. And the footer form on the
 * German site shows the route's German words for a post it refuses.
 */

const SITE_CONFIG = path.resolve(__dirname, "../fixtures/site-config/werkstatt.config.json");
/** The site file's accentColor, #1d6b3a, as Chromium computes it. */
const ACCENT = "rgb(29, 107, 58)";
/** The site file's own words for the 503's title (`messages`). */
const OWN_TITLE = "Die Werkstatt Nord macht gerade kurz Pause";
const phrase = (key: (typeof MESSAGE_KEYS)[number]) => de[key] as string;
/** The English versions' words: the catalogue's front phrases and the template's former literals. */
const ENGLISH = [
  ...MESSAGE_KEYS.filter((k) => k.startsWith("front.")).map((k) => en[k] as string),
  "Try again",
  "Too many requests",
  "too large",
  "restarting",
  "Please",
];

test.describe.configure({ mode: "serial" });

test.describe("the front's own answers", () => {
  let front: Front;

  test.beforeAll(async () => {
    // No instance behind it: nothing listens on that port.
    front = await startFront({
      upstreams: [`127.0.0.1:${await freePort()} max_fails=0`],
      siteConfig: SITE_CONFIG,
    });
  });
  test.afterAll(async () => {
    await front?.stop();
  });

  async function expectGerman(page: Page, title: string, lede: string): Promise<void> {
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle(title);
    await expect(page.locator("h1")).toHaveText(title);
    await expect(page.locator("p")).toHaveText(lede);
    const again = page.getByRole("link", { name: phrase("front.tryAgain") });
    await expect(again).toHaveCSS("color", ACCENT);
    const text = await page.locator("html").innerText();
    for (const english of ENGLISH) expect(text, `"${english}" on the page`).not.toContain(english);
  }

  test("503 with no instance: German, lang=de, the site's accent and its own title", async ({ page }) => {
    const res = await page.goto(`${front.url}/blog`);
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("5");
    await expectGerman(page, OWN_TITLE, phrase("front.busy.lede"));
  });

  test("413 for a form post over the newsletter's limit: German", async ({ page }) => {
    await page.goto(`${front.url}/`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/newsletter"));
    // What a browser without JavaScript sends when something pads the form.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/api/newsletter";
      const field = document.createElement("textarea");
      field.name = "email";
      field.value = "x".repeat(5_000);
      form.append(field);
      document.body.append(form);
      form.submit();
    });
    expect((await answer).status()).toBe(413);
    await page.waitForURL(`${front.url}/api/newsletter`);
    await expectGerman(page, phrase("front.tooLarge.title"), phrase("front.tooLarge.lede"));
  });

  test("429 once a client's budget at the front is spent: German, as a page and as JSON", async ({
    page,
    request,
  }) => {
    // /api/newsletter: 30 a minute, burst 30, per address (this test's only one).
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        request.post(`${front.url}/api/newsletter`, {
          headers: { accept: "application/json", "content-type": "application/json" },
          data: "{}",
        }),
      ),
    );
    const limited = answers.find((a) => a.status() === 429);
    expect(limited, "a 429 among 40 posts").toBeDefined();
    expect(limited!.headers()["retry-after"]).toBe("10");
    expect(await limited!.json()).toEqual({
      error: `${phrase("front.tooMany.title")}. ${phrase("front.tooMany.lede")}`,
    });
    const res = await page.goto(`${front.url}/api/newsletter`);
    expect(res?.status()).toBe(429);
    await expectGerman(page, phrase("front.tooMany.title"), phrase("front.tooMany.lede"));
  });
});

test.describe("the newsletter form on the German site", () => {
  let site: SecondServer;

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    site = await startSecondServer(
      { SITE_CONFIG },
      { buildInto: `${process.env.E2E_DIST_DIR ?? ".next-e2e"}-werkstatt` },
    );
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("shows the route's German words for a post it refuses (415)", async ({ page }) => {
    // The real server's answer to a body it does not accept: the post leaves as text/plain.
    await page.route("**/api/newsletter", (route) =>
      route.continue({ headers: { ...route.request().headers(), "content-type": "text/plain" } }),
    );
    await page.goto(`${site.url}/`);
    await expect(page.locator("form[data-enhanced]")).toHaveCount(1);
    await page.locator("#newsletter-email").fill("leserin@beispiel.de");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/newsletter"));
    await page.locator("form[data-enhanced] button[type=submit]").click();
    expect((await answer).status()).toBe(415);
    const status = page.locator("#newsletter-status");
    await expect(status).toHaveText(phrase("newsletter.refused.type"));
    await expect(status).not.toContainText(en["newsletter.refused.type"] as string);
  });
});
