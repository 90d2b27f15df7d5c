import { expect, test, type Browser } from "@playwright/test";
import {
  PAGE_WEIGHT_CEILINGS,
  PAGE_WEIGHT_TARGETS,
  htmlBreakdown,
  prefetchesDuringView,
} from "../helpers/page-weight";

/*
 * Public pages stay light: decoded HTML bytes and the RSC (prefetch) requests a view fires are
 * deterministic, so they are asserted here; timings live in `npm run bench`. A page view reads
 * the whole page (scrolled to the end, every link on screen once) without touching a link.
 */

const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

/** One reader's view in a new browser context (no router cache, nothing prefetched yet). */
async function freshView(browser: Browser, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  try {
    return await prefetchesDuringView(await context.newPage(), path);
  } finally {
    await context.close();
  }
}

async function firstPostPath(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const html = await (await request.get("/blog")).text();
  const found = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
    .map((m) => m[1]!)
    .find((h) => !h.startsWith("/blog/page"));
  if (!found) throw new Error("no post link on /blog");
  return found;
}

test("a post page: HTML within its budget, every feature still there, one next step prefetched", async ({
  browser,
  page,
  request,
}) => {
  const postPath = await firstPostPath(request);
  const res = await request.get(postPath);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const weight = htmlBreakdown(html);
  expect(weight.bytes, JSON.stringify(weight)).toBeLessThanOrEqual(PAGE_WEIGHT_CEILINGS.postHtmlBytes);
  // Next does not hash the whole page for an ETag on every view (next.config.mjs, generateEtags),
  // so there is none, and a browser revalidating the page gets the page itself.
  expect(res.headers()["etag"]).toBeUndefined();
  const again = await request.get(postPath, { headers: { "if-none-match": '"anything"' } });
  expect(again.status()).toBe(200);
  expect(await again.text()).toContain("</html>");

  // Lighter, not poorer: the post page keeps what it had.
  await page.goto(postPath);
  const article = page.locator("main article");
  await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(article.locator("figure img")).toHaveAttribute("fetchpriority", "high");
  await expect(article.getByRole("list", { name: "Authors" }).getByRole("link").first()).toBeVisible();
  await expect(article.getByRole("list", { name: "Topics" }).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related posts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Written by" })).toBeVisible();
  const next = page.getByRole("navigation", { name: "More posts" }).locator('a[rel="next"]');
  await expect(next).toHaveCount(1);
  await expect(page.locator("footer form[action='/api/newsletter']")).toHaveCount(1);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((b) => (JSON.parse(b) as { "@type": string })["@type"])).toContain("BlogPosting");

  // The one link prefetched on sight is the next post in reading order (route tree + page data).
  const nextPath = (await next.getAttribute("href"))!;
  for (const viewport of VIEWPORTS) {
    const seen = await freshView(browser, viewport, postPath);
    expect(seen.length, `${viewport.width}px: ${seen.join(", ")}`).toBeLessThanOrEqual(
      PAGE_WEIGHT_TARGETS.prefetchRequests,
    );
    expect(new Set(seen), `${viewport.width}px`).toEqual(new Set(seen.length ? [nextPath] : []));
  }
});

test("home and /blog: HTML within budget and at most two prefetch requests during a view", async ({
  browser,
  request,
}) => {
  const blog = htmlBreakdown(await (await request.get("/blog")).text());
  expect(blog.bytes, JSON.stringify(blog)).toBeLessThanOrEqual(PAGE_WEIGHT_CEILINGS.blogHtmlBytes);
  const home = htmlBreakdown(await (await request.get("/")).text());
  expect(home.bytes, JSON.stringify(home)).toBeLessThanOrEqual(PAGE_WEIGHT_CEILINGS.homeHtmlBytes);
  for (const path of ["/", "/blog"]) {
    for (const viewport of VIEWPORTS) {
      const seen = await freshView(browser, viewport, path);
      expect(seen.length, `${path} at ${viewport.width}px: ${seen.join(", ")}`).toBeLessThanOrEqual(
        PAGE_WEIGHT_TARGETS.prefetchRequests,
      );
    }
  }
});
