import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Parser from "rss-parser";
import { expectAccessible } from "../helpers/accessibility";
import { sleep } from "../helpers/until";

/*
 * The public blog in real Chromium against the demo workspace: the reader's path
 * home → post → author → tag → unknown post, accessibility on every page type, and what
 * crawlers and feed readers fetch (sitemap, feeds, preview images, structured data).
 */

async function expectFeedsAdvertised(page: Page) {
  for (const [type, href] of [
    ["application/rss+xml", "/feed.xml"],
    ["application/atom+xml", "/atom.xml"],
    ["application/feed+json", "/feed.json"],
  ] as const) {
    await expect(page.locator(`head link[rel="alternate"][type="${type}"]`)).toHaveAttribute(
      "href",
      new RegExp(`${href.replace(".", "\\.")}$`),
    );
  }
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
}

test("home → post → author → tag → unknown post, each accessible and complete", async ({ page }) => {
  // Home: the blog's name, the latest posts, a newsletter call to action.
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Masthead Journal");
  await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email address" })).toBeVisible();
  await expectFeedsAdvertised(page);
  expect(await jsonLdTypes(page)).toContain("Blog");
  await expectAccessible(page, "home");

  // Post: title, cover with alt text, authors with avatars linking to their pages, <time>, keywords.
  const firstPost = page.locator("main article h3 a").first();
  const title = (await firstPost.textContent())!.trim();
  await firstPost.click();
  await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const time = page.locator("article header time");
  await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.locator("article figure img")).toHaveAttribute(
    "alt",
    new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
  expect(canonical).toBe(page.url());
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", /\/og\/blog\//);
  await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  // The card's image is og:image (X reads it where twitter:image is missing), said once.
  await expect(page.locator('head meta[name="twitter:image"]')).toHaveCount(0);
  await expectFeedsAdvertised(page);
  expect(await jsonLdTypes(page)).toContain("BlogPosting");
  // Every image has alt text (decorative avatars have an explicit empty alt).
  for (const img of await page.locator("img").all()) expect(await img.getAttribute("alt")).not.toBeNull();
  await expectAccessible(page, "post");
  const postUrl = page.url();

  const authorLink = page.getByRole("list", { name: "Authors" }).getByRole("link").first();
  const authorName = (await authorLink.textContent())!.trim();
  await expect(authorLink.locator("img")).toHaveCount(1);
  await authorLink.click();
  await expect(page).toHaveURL(/\/authors\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(authorName);
  await expect(page.locator("main article").first()).toBeVisible();
  expect(await jsonLdTypes(page)).toContain("Person");
  await expectFeedsAdvertised(page);
  await expectAccessible(page, "author");

  // Tag: back on the post, follow its first keyword.
  await page.goto(postUrl);
  const keyword = page.getByRole("list", { name: "Topics" }).getByRole("link").first();
  const label = (await keyword.textContent())!.trim();
  await keyword.click();
  await expect(page).toHaveURL(/\/tags\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
  await expect(page.locator("main article h3 a", { hasText: title })).toBeVisible();
  await expectAccessible(page, "tag");

  // Unknown post: the site's own 404 page with status 404.
  const missing = await page.goto("/blog/this-post-does-not-exist");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("banner")).toBeVisible();
  await expectAccessible(page, "404");

  for (const path of [
    "/authors/00000000-0000-0000-0000-000000000000",
    "/tags/no-such-topic",
    "/blog/page/999",
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
});

test("covers and avatars that cannot load show the site's placeholder, not the broken-image icon", async ({
  page,
}) => {
  await page.route("**/_next/image**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  await page.goto((await page.locator("main article h3 a").first().getAttribute("href"))!);
  const cover = page.locator("main figure img");
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
  // Where the browser draws its broken-image icon and the alt text (top left), only the
  // placeholder's light gradient: no dark pixel.
  for (const target of [
    cover,
    page.locator("main article header .byline img, main article header ul img").first(),
  ]) {
    const png = await target.screenshot();
    const darkest = await page.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        const { data } = ctx.getImageData(
          0,
          0,
          Math.min(28, img.naturalWidth),
          Math.min(28, img.naturalHeight),
        );
        let min = 255;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3]! > 0) min = Math.min(min, data[i]!, data[i + 1]!, data[i + 2]!);
        return min;
      },
      `data:image/png;base64,${png.toString("base64")}`,
    );
    expect(darkest).toBeGreaterThan(170);
  }
});

test("the index paginates statically and keyword slugs are URL-safe (C++ is not C)", async ({ page }) => {
  await page.goto("/blog");
  await expectAccessible(page, "index");
  expect(await jsonLdTypes(page)).toContain("Blog");
  await page.getByRole("link", { name: "Older posts →" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page.getByText("Page 2 of")).toBeVisible();
  const cpp = await page.request.get("/tags/c-plus-plus");
  expect(cpp.status()).toBe(200);
  expect(await cpp.text()).toContain("C++");
  expect((await page.request.get("/tags/ux-and-design")).status()).toBe(200);
});

test("every sitemap URL answers 200, and robots.txt names the sitemap", async ({ page, baseURL }) => {
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  const res = await page.request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThan(20);
  for (const loc of locs) {
    const path = new URL(loc).pathname;
    const r = await page.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
    expect(r.status(), path).toBe(200);
  }
});

test("RSS, Atom and JSON Feed parse back with every post", async ({ page }) => {
  const parser = new Parser();
  const rss = await parser.parseString(await (await page.request.get("/feed.xml")).text());
  const atom = await parser.parseString(await (await page.request.get("/atom.xml")).text());
  const json = (await (await page.request.get("/feed.json")).json()) as { items: { url: string }[] };
  expect(rss.title).toBe("The Masthead Journal");
  expect(rss.items.length).toBeGreaterThanOrEqual(14);
  expect(atom.items.length).toBe(rss.items.length);
  expect(json.items.length).toBe(rss.items.length);
  expect((await page.request.get(new URL(rss.items[0]!.link!).pathname)).status()).toBe(200);
});

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("preview images are 1200×630 PNGs, per post and by default", async ({ page }) => {
  await page.goto("/blog");
  await page.locator("main article h2 a").first().click();
  const ogUrl = await page.locator('head meta[property="og:image"]').getAttribute("content");
  const og = await page.request.get(new URL(ogUrl!).pathname);
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await og.body())).toEqual({ width: 1200, height: 630 });
  const fallback = await page.request.get("/og/default");
  expect(pngSize(await fallback.body())).toEqual({ width: 1200, height: 630 });
  expect((await page.request.get("/og/blog/no-such-post")).status()).toBe(404);
});

test("POST /api/revalidate needs the secret", async ({ request }) => {
  expect((await request.post("/api/revalidate")).status()).toBe(401);
  expect(
    (await request.post("/api/revalidate", { headers: { Authorization: "Bearer wrong-secret" } })).status(),
  ).toBe(401);
  const ok = await request.post("/api/revalidate", {
    headers: { Authorization: "Bearer masthead-local-demo-revalidate-secret" },
  });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ revalidated: true, revalidatedAt: expect.any(String) });
  expect((await request.get("/blog")).status()).toBe(200);
});

test("addresses that name no post, author, tag or page answer 404 and add nothing to the cache on disk", async ({
  request,
}) => {
  // Next writes every ISR response under <distDir>/server; unknown values must leave no files there.
  const server = path.resolve(__dirname, "../..", process.env.E2E_DIST_DIR ?? ".next-e2e", "server");
  const token = `nosuch${Date.now().toString(36)}`;
  const n = String(9_000_000 + (Date.now() % 999_999));
  const author = "6f1c9a52-8d3b-4e7a-9c10-000000000001";
  const paths = [
    `/blog/${token}`,
    `/og/blog/${token}`,
    `/authors/${token}`,
    `/tags/${token}`,
    `/sitemaps/${token}.xml`,
    `/blog/page/${n}`,
    `/tags/engineering/page/${n}`,
    `/authors/${author}/page/${n}`,
    `/tags/${token}/page/1`,
    `/authors/${token}/page/1`,
    `/blog/${token}%00x`,
    `/blog/${token}${"a".repeat(5_000)}`,
  ];
  for (const p of paths) expect((await request.get(p)).status(), p.slice(0, 80)).toBe(404);
  // An absence can only be checked after a bound: Next writes ISR entries in the background after
  // the response is sent and signals nothing when a write is done (or that none will come), so
  // this waits a bounded time for a write that must never happen, then looks.
  await sleep(500);
  const written = readdirSync(server, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.includes(token) || f.includes(`page${path.sep}${n}`),
  );
  expect(written).toEqual([]);
  // Still a real 404 page, and answered again without error from the memory copy.
  expect((await request.get(`/blog/${token}`)).status()).toBe(404);
});
