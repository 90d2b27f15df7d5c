import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { resolveMessages, translator } from "../../lib/i18n";
import { ALL_OUTCOMES, messageFor, outcomeKey } from "../../lib/newsletter/outcomes";

const english = translator(resolveMessages("en"));
import * as workspace from "../helpers/workspace-controls";

/*
 * The footer form end to end in real Chromium: with JavaScript (no reload, live region) and
 * without (303 to the outcome's page, which links back to the post), then the verification
 * link from the local workspace's outbox, then the same "a confirmation link is on its way" again (a subscribed
 * address is answered like a new one, so nobody learns who reads the newsletter).
 */

const WORKSPACE = workspace.E2E_WORKSPACE_URL;

const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

const outbox = (to: string) => workspace.outbox(WORKSPACE, to);

/** The path of a post, found the way a reader finds one: from the blog index. */
async function postPath(page: Page): Promise<string> {
  await page.goto("/blog");
  const hrefs = await page
    .locator('main a[href^="/blog/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const post = hrefs.find((h) => /^\/blog\/[^/?#]+$/.test(h) && !h.startsWith("/blog/page"));
  expect(post, "a post link on /blog").toBeTruthy();
  return post!;
}

async function followVerification(page: Page, email: string) {
  const emails = await outbox(email);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toMatchObject({ to: email, kind: "verification" });
  const verified = await page.request.get(emails[0]!.link);
  expect(verified.status()).toBe(200);
  expect(await verified.text()).toMatch(/subscription confirmed/i);
}

const footer = (page: Page) => page.getByRole("contentinfo");

/** Clicking before React hydrates would take the no-JS path; the form marks itself once enhanced. */
async function hydrated(page: Page) {
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
}

test.describe("newsletter footer form", () => {
  test("with JavaScript: subscribes without a reload, confirms by email, then answers exactly as for a new address", async ({
    page,
  }) => {
    const path = await postPath(page);
    await page.goto(path);
    await hydrated(page);
    const email = uniqueEmail("js");
    const form = footer(page);
    // Survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const status = form.getByRole("status");
    await expect(status).toContainText(/a confirmation link is on its way/i);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(form.getByLabel("Email address")).toHaveValue("");

    await followVerification(page, email);

    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    // The same answer as for a new address: the form must not tell anyone who reads the newsletter.
    await expect(status).toContainText(/a confirmation link is on its way/i);
    await expect(status).not.toContainText(/already/i);
    // No second verification email for a confirmed address.
    expect(await outbox(email)).toHaveLength(1);
  });

  test("without JavaScript: posts, lands on the outcome's page, goes back to the post, and again after verifying", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const path = await postPath(page);
    await page.goto(path);
    const email = uniqueEmail("nojs");
    const form = footer(page);

    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL((url) => url.pathname === "/newsletter/subscribed");
    await expect(page.locator("#newsletter-outcome")).toBeVisible();
    await expect(page.locator("#newsletter-outcome")).toContainText(/a confirmation link is on its way/i);
    // One message; the browser's Back returns to the post the reader was on (the POST left no entry).
    await expect(page.getByText(/within a few minutes/i)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Read the blog" })).toHaveAttribute("href", "/blog");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === path);

    await followVerification(page, email);

    await page.goto(path);
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    // Verified now, and answered exactly as before: nothing tells a visitor who reads the newsletter.
    await page.waitForURL((url) => url.pathname === "/newsletter/subscribed");
    await expect(page.locator("#newsletter-outcome")).toContainText(/a confirmation link is on its way/i);
    expect(await outbox(email)).toHaveLength(1);
    await context.close();
  });

  test("the outcome pages are built once and served from the cache; any other address under them is the prerendered 404", async ({
    baseURL,
  }) => {
    // Each known outcome: a page in Next's cache (built with the site, rendered again at most
    // once after a revalidation of the whole blog), never rendered per request.
    for (const outcome of ALL_OUTCOMES) {
      const url = `${baseURL}/newsletter/${outcomeKey(outcome)}`;
      const first = await fetch(url);
      expect(first.status, outcomeKey(outcome)).toBe(200);
      expect(await first.text()).toContain(messageFor(outcome, english).replace(/'/g, "&#x27;"));
      // Any copy this test fetches may be past its lifetime (an earlier suite revalidated the
      // site): Next serves it STALE and renders the next one in the background, whose bytes may
      // differ. Wait for a fresh copy, then two fetches of it must be the same cached bytes.
      let html = "";
      await expect
        .poll(
          async () => {
            const res = await fetch(url);
            html = await res.text();
            return res.headers.get("x-nextjs-cache");
          },
          { timeout: 15_000 },
        )
        .toBe("HIT");
      const again = await fetch(url);
      expect(again.headers.get("x-nextjs-cache"), outcomeKey(outcome)).toBe("HIT");
      expect(await again.text()).toBe(html);
    }
    // A free-form path after an outcome, or an unknown outcome: the same prerendered bytes for
    // every address, so nothing of the address was rendered.
    const unknown = async (path: string) => {
      const res = await fetch(`${baseURL}${path}`);
      return { status: res.status, body: await res.text() };
    };
    const marker = `zzmark${Date.now()}`;
    const first = await unknown(`/newsletter/subscribed/blog/${marker}`);
    expect(first.status).toBe(404);
    expect(first.body).not.toContain(marker);
    for (const path of [
      `/newsletter/subscribed/${marker}-2/x`,
      `/newsletter/invalid-missing-at//evil.example/${marker}`,
      `/newsletter/queued/${"x".repeat(2_000)}`,
    ]) {
      expect(await unknown(path), path).toEqual(first);
    }
    const notAnOutcome = await unknown(`/newsletter/not-an-outcome-${marker}`);
    expect(notAnOutcome.status).toBe(404);
    expect(notAnOutcome.body).not.toContain(marker);
  });

  test("says what is wrong with an invalid address, and sends one request however often it is clicked", async ({
    page,
  }) => {
    // The footer's form: on /newsletter the page's own form is the one.
    await page.goto("/blog");
    await hydrated(page);
    const form = footer(page);
    const input = form.getByLabel("Email address");
    const status = form.getByRole("status");

    await input.fill("reader.example.org");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(status).toContainText(/needs an @/i);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toBeFocused();

    // The first request is held at this gate until the repeated clicks are done, so they all land
    // while it is in flight; nothing is left to timing.
    let posts = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/newsletter", async (route) => {
      posts++;
      await gate;
      await route.continue();
    });
    await input.fill(uniqueEmail("double"));
    const button = form.getByRole("button", { name: "Subscribe" });
    await button.click();
    const busy = form.getByRole("button", { name: /subscribing/i });
    await expect(busy).toHaveAttribute("aria-disabled", "true");
    await busy.click({ force: true });
    await page.keyboard.press("Enter");
    await expect(busy).toHaveAttribute("aria-disabled", "true"); // still held: the clicks met a busy form
    release();
    await expect(status).toContainText(/a confirmation link is on its way/i);
    expect(posts).toBe(1);
  });

  test("while the workspace is down, both paths say the confirmation email is on its way, and it arrives once", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const fault = (on: boolean) => workspace.setFault(WORKSPACE, on ? { mode: "status", status: 503 } : null);
    const path = await postPath(page);
    const withJs = uniqueEmail("down-js");
    const withoutJs = uniqueEmail("down-nojs");
    await fault(true);
    try {
      await page.goto(path);
      await hydrated(page);
      const form = footer(page);
      await form.getByLabel("Email address").fill(withJs);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toContainText(
        /a confirmation link will reach it within a few minutes/i,
      );
      await expect(form.getByRole("status")).toHaveAttribute("data-tone", "success");

      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plain = await context.newPage();
      await plain.goto(path);
      await footer(plain).getByLabel("Email address").fill(withoutJs);
      await footer(plain).getByRole("button", { name: "Subscribe" }).click();
      await plain.waitForURL((url) => url.pathname === "/newsletter/queued");
      await expect(plain.locator("#newsletter-outcome")).toBeVisible();
      await expect(plain.locator("#newsletter-outcome")).toContainText(/within a few minutes/i);
      await context.close();
      expect(await outbox(withJs)).toHaveLength(0);
    } finally {
      await fault(false);
    }
    // The site's own worker delivers each kept signup once the workspace answers again.
    for (const email of [withJs, withoutJs])
      await expect
        .poll(async () => (await outbox(email)).length, {
          timeout: 90_000,
          intervals: [250, 500, 1000],
        })
        .toBe(1);
  });

  test("the /newsletter page introduces the newsletter, has its own form and metadata, and passes axe", async ({
    page,
  }) => {
    await page.goto("/newsletter");
    await hydrated(page);
    await expect(page).toHaveTitle(/Newsletter/);
    // The site's whole set, not only a title: shared, the page shows the site's card; the feeds stay advertised.
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/newsletter$/);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/newsletter$/);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Newsletter · /);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\/default$/);
    await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute("content", /\S/);
    await expect(head.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      /\/feed\.xml$/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.getByRole("main");
    const email = uniqueEmail("page");
    await main.getByLabel("Your email address").fill(email);
    await main.getByRole("button", { name: "Subscribe" }).click();
    await expect(main.getByRole("status")).toContainText(/a confirmation link is on its way/i);
    expect(await outbox(email)).toHaveLength(1);

    const results = await new AxeBuilder({ page }).include("main form").analyze();
    // The page's own form is its one: the footer's is not repeated under it.
    await expect(page.locator("footer form")).toHaveCount(0);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
