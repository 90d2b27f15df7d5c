import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomFeed, jsonFeed, rssFeed } from "@/lib/blog/feeds";
import { buildBlog, type Blog } from "@/lib/blog/model";
import { rootSitemap, sitemapChunk, sitemapEntries } from "@/lib/blog/sitemap";
import {
  DEMO_BLOG_NAME,
  LOCAL_DEMO_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { createWorkspaceClient } from "@/lib/workspace/client";
import { defaultFeedSettings } from "../helpers/feed-settings";

/* Feeds and sitemaps built from the local workspace's demo blog over real HTTP, parsed back. */

const SITE = "https://www.example.test";
const settings = defaultFeedSettings(SITE);
let ws: LocalWorkspaceServer;
let blog: Blog;

/** A local workspace in memory (with `posts` synthetic posts besides the demo ones) and its blog, read over HTTP. */
async function workspaceBlog(posts = 0): Promise<{ server: LocalWorkspaceServer; blog: Blog }> {
  const server = await startLocalWorkspaceServer({
    port: 0,
    dataDir: ":memory:",
    ...(posts ? { reset: { posts } } : {}),
    log: () => {},
  });
  const client = createWorkspaceClient({
    apiBase: `${server.url}/api/external`,
    apiKey: LOCAL_DEMO_API_KEY,
    maxRetries: 0,
    log: () => {},
  });
  return { server, blog: buildBlog(await client.listBlogPosts()) };
}

beforeAll(async () => {
  ({ server: ws, blog } = await workspaceBlog());
});
afterAll(async () => {
  await ws.close();
});

describe("feeds", () => {
  it("RSS 2.0 parses back with every post, newest first, with links, dates and categories", async () => {
    const feed = await new Parser().parseString(rssFeed(blog, settings));
    expect(feed.title).toBe(DEMO_BLOG_NAME);
    expect(feed.link).toBe(`${SITE}/blog`);
    expect(feed.items).toHaveLength(blog.posts.length);
    expect(blog.posts.length).toBeGreaterThanOrEqual(14);
    const first = feed.items[0]!;
    expect(first.title).toBe(blog.posts[0]!.title);
    expect(first.link).toBe(`${SITE}/blog/${blog.posts[0]!.slug}`);
    expect(new Date(first.isoDate!).toISOString()).toBe(blog.posts[0]!.publishedAt);
    const categories = (first.categories as unknown as ({ _: string } | string)[]).map((c) =>
      typeof c === "string" ? c : c._,
    );
    expect(categories).toEqual(blog.posts[0]!.keywords.map((k) => k.label));
    // Authors' emails never leave the server.
    expect(rssFeed(blog, settings)).not.toMatch(/@example\.com/);
  });

  it("Atom parses back with ids, updated dates and escaped special characters", async () => {
    const xml = atomFeed(blog, settings);
    const feed = await new Parser().parseString(xml);
    expect(feed.title).toBe(DEMO_BLOG_NAME);
    expect(feed.items).toHaveLength(blog.posts.length);
    expect(feed.items.map((i) => i.link)).toEqual(blog.posts.map((p) => `${SITE}/blog/${p.slug}`));
    // "UX & Design" must come back intact from an attribute (feed@5 does not escape those itself).
    expect(xml).toContain('label="UX &amp; Design"');
    expect(xml).not.toMatch(/="[^"]*&(?!amp;|lt;|gt;|quot;|apos;)[^"]*"/);
    expect(xml).toContain(`<link rel="self" href="${SITE}/atom.xml"/>`);
  });

  it("JSON Feed is valid JSON Feed 1 with every post", () => {
    const feed = JSON.parse(jsonFeed(blog, settings)) as {
      version: string;
      title: string;
      feed_url: string;
      items: { id: string; url: string; title: string; date_published: string; tags?: string[] }[];
    };
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(feed.title).toBe(DEMO_BLOG_NAME);
    expect(feed.feed_url).toBe(`${SITE}/feed.json`);
    expect(feed.items).toHaveLength(blog.posts.length);
    expect(feed.items[0]).toMatchObject({
      id: `${SITE}/blog/${blog.posts[0]!.slug}`,
      title: blog.posts[0]!.title,
      date_published: blog.posts[0]!.publishedAt,
    });
  });

  it("links items to the full article when BLOG_POST_URL_TEMPLATE is set", async () => {
    const feed = await new Parser().parseString(
      rssFeed(blog, { ...settings, postUrlTemplate: "https://blog.example.org/{slug}" }),
    );
    expect(feed.items[0]!.link).toBe(`https://blog.example.org/${blog.posts[0]!.slug}`);
    expect(feed.items[0]!.guid).toBe(`${SITE}/blog/${blog.posts[0]!.slug}`);
  });
});

describe("sitemap", () => {
  it("lists home, index pages, every post, author and tag, with lastmod", () => {
    const entries = sitemapEntries(blog, SITE);
    const locs = entries.map((e) => e.loc);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/blog`);
    expect(locs).toContain(`${SITE}/blog/page/2`);
    for (const p of blog.posts) expect(locs).toContain(`${SITE}/blog/${p.slug}`);
    for (const a of blog.authors) expect(locs).toContain(`${SITE}/authors/${a.id}`);
    expect(locs).toContain(`${SITE}/tags/c-plus-plus`);
    expect(locs).toContain(`${SITE}/tags/ux-and-design`);
    expect(new Set(locs).size).toBe(locs.length);
    const xml = rootSitemap(entries, SITE);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml.match(/<url>/g)).toHaveLength(entries.length);
  });

  it("becomes an index of files of at most the limit beyond it, and every URL is in exactly one file", () => {
    const entries = sitemapEntries(blog, SITE);
    const limit = 10;
    const index = rootSitemap(entries, SITE, limit);
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(index).toContain("<sitemapindex");
    expect(files).toEqual(
      Array.from({ length: Math.ceil(entries.length / limit) }, (_, i) => `${SITE}/sitemaps/${i + 1}.xml`),
    );
    const all: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      const chunk = sitemapChunk(entries, n, limit)!;
      const locs = [...chunk.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(limit);
      all.push(...locs);
    }
    expect(all).toEqual(entries.map((e) => e.loc));
    expect(sitemapChunk(entries, files.length + 1, limit)).toBeNull();
    expect(sitemapChunk(entries, 1)).toBeNull(); // no chunks while one file suffices
  });
});

describe("a blog larger than the feeds' limit", () => {
  let large: LocalWorkspaceServer;
  let big: Blog;
  beforeAll(async () => {
    ({ server: large, blog: big } = await workspaceBlog(120));
  });
  afterAll(async () => {
    await large.close();
  });

  const newestLinks = (n: number) => big.posts.slice(0, n).map((p) => `${SITE}/blog/${p.slug}`);

  it("each feed carries exactly the newest 50 by default, newest first, and names its own address", async () => {
    expect(big.posts.length).toBeGreaterThan(100);
    const rssXml = rssFeed(big, settings);
    const rss = await new Parser().parseString(rssXml);
    expect(rss.items.map((i) => i.link)).toEqual(newestLinks(50));
    expect(rssXml).toContain(`<atom:link href="${SITE}/feed.xml" rel="self" type="application/rss+xml"/>`);
    const atomXml = atomFeed(big, settings);
    const atom = await new Parser().parseString(atomXml);
    expect(atom.items.map((i) => i.link)).toEqual(newestLinks(50));
    expect(atomXml).toContain(`<link rel="self" href="${SITE}/atom.xml"/>`);
    const json = JSON.parse(jsonFeed(big, settings)) as { feed_url: string; items: { url: string }[] };
    expect(json.items.map((i) => i.url)).toEqual(newestLinks(50));
    expect(json.feed_url).toBe(`${SITE}/feed.json`);
  });

  it("carries FEED_ITEMS posts when set", async () => {
    const feed = await new Parser().parseString(rssFeed(big, { ...settings, feedItems: 5 }));
    expect(feed.items.map((i) => i.link)).toEqual(newestLinks(5));
    const json = JSON.parse(jsonFeed(big, { ...settings, feedItems: 5 })) as { items: unknown[] };
    expect(json.items).toHaveLength(5);
  });

  it("the sitemap still lists every post", () => {
    const locs = new Set(sitemapEntries(big, SITE).map((e) => e.loc));
    for (const p of big.posts) expect(locs).toContain(`${SITE}/blog/${p.slug}`);
  });
});
