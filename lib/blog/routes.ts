import "server-only";
import { atomFeed, jsonFeed, rssFeed } from "./feeds";
import { blogForPage } from "./pages";
import { rootSitemap, sitemapChunk, sitemapEntries } from "./sitemap";

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
  return xml(rootSitemap(sitemapEntries(blog, settings.siteUrl), settings.siteUrl), "application/xml");
}

export async function sitemapChunkResponse(file: string) {
  const match = /^([1-9]\d{0,4})\.xml$/.exec(file);
  const { blog, settings } = await blogForPage();
  const body = match ? sitemapChunk(sitemapEntries(blog, settings.siteUrl), Number(match[1])) : null;
  if (!body)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return xml(body, "application/xml");
}
