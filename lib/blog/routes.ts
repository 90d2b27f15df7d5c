import "server-only";
import { atomFeed, jsonFeed, rssFeed, type FeedSettings } from "./feeds";
import { env } from "../config/env";
import type { Blog } from "./model";
import { blogForPage, notFoundText } from "./pages";
import { rootSitemap, sitemapChunk, sitemapEntries } from "./sitemap";
import { sitemapFileNumber, sitemapFiles } from "./store-state";

// Bodies of the feed and sitemap routes: the route files stay one-liners and tests call the same code.

const xml = (body: string, type: string) =>
  new Response(body, { headers: { "Content-Type": `${type}; charset=utf-8` } });

const feedResponse = (feed: (blog: Blog, s: FeedSettings) => string, type: string) => async () => {
  const { blog, settings } = await blogForPage();
  return xml(feed(blog, settings), type);
};
export const rssResponse = feedResponse(rssFeed, "application/rss+xml");
export const atomResponse = feedResponse(atomFeed, "application/atom+xml");
export const jsonFeedResponse = feedResponse(jsonFeed, "application/feed+json");

async function sitemap() {
  const { blog, settings } = await blogForPage();
  return { entries: sitemapEntries(blog, settings.siteUrl, env().site.pages), siteUrl: settings.siteUrl };
}

export async function sitemapResponse() {
  const { entries, siteUrl } = await sitemap();
  return xml(rootSitemap(entries, siteUrl), "application/xml");
}

/** The numbered sitemap files (/sitemaps/N.xml) the blog needs: none while one file holds every URL. */
export async function sitemapChunkFiles(): Promise<{ file: string }[]> {
  const { blog } = await blogForPage();
  return Array.from({ length: sitemapFiles(blog) }, (_, i) => ({ file: `${i + 1}.xml` }));
}

export async function sitemapChunkResponse(file: string) {
  const n = sitemapFileNumber(file);
  const body = n === null ? null : sitemapChunk((await sitemap()).entries, n);
  return body ? xml(body, "application/xml") : notFoundText();
}
