import "server-only";
import { atomFeed, jsonFeed, rssFeed } from "./feeds";
import { env } from "../config/env";
import { blogForPage } from "./pages";
import { rootSitemap, sitemapChunk, sitemapChunkCount, sitemapEntries, SITEMAP_URL_LIMIT } from "./sitemap";

/*
 * Bodies of the feed and sitemap routes, kept out of app/ so the route files stay one-liners
 * and the contract tests can call the same code.
 */

const xml = (body: string, type: string) =>
  new Response(body, { headers: { "Content-Type": `${type}; charset=utf-8` } });

export async function rssResponse() {
  const { blog, settings } = await blogForPage();
  return xml(rssFeed(blog, settings), "application/rss+xml");
}

export async function atomResponse() {
  const { blog, settings } = await blogForPage();
  return xml(atomFeed(blog, settings), "application/atom+xml");
}

export async function jsonFeedResponse() {
  const { blog, settings } = await blogForPage();
  return xml(jsonFeed(blog, settings), "application/feed+json");
}

export async function sitemapResponse() {
  const { blog, settings } = await blogForPage();
  return xml(
    rootSitemap(sitemapEntries(blog, settings.siteUrl, env().site.pages), settings.siteUrl),
    "application/xml",
  );
}

/** The numbered sitemap files (/sitemaps/N.xml) the blog needs: none while one file holds every URL. */
export async function sitemapChunkFiles(): Promise<{ file: string }[]> {
  const { blog, settings } = await blogForPage();
  const count = sitemapEntries(blog, settings.siteUrl, env().site.pages).length;
  if (count <= SITEMAP_URL_LIMIT) return [];
  return Array.from({ length: sitemapChunkCount(count) }, (_, i) => ({ file: `${i + 1}.xml` }));
}

export async function sitemapChunkResponse(file: string) {
  const match = /^([1-9]\d{0,4})\.xml$/.exec(file);
  const { blog, settings } = await blogForPage();
  const body = match
    ? sitemapChunk(sitemapEntries(blog, settings.siteUrl, env().site.pages), Number(match[1]))
    : null;
  if (!body)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return xml(body, "application/xml");
}
