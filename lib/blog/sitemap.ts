import type { Blog } from "./model";
import { authorPath, listPath, pageCount, postPath, tagPath } from "./paths";

// Beyond SITEMAP_URL_LIMIT URLs /sitemap.xml becomes an index of numbered files (Next's `generateSitemaps`
// writes no index at /sitemap.xml, which robots.txt names). Not the protocol's 50,000: a file's first
// request copies and compresses it into Next's cache.

export const SITEMAP_URL_LIMIT = 10_000;

export type SitemapEntry = { loc: string; lastmod?: string };

/** Every public URL: home, the team's own pages, index pages, posts, authors and tags (newest content first). */
export function sitemapEntries(
  blog: Blog,
  siteUrl: string,
  /** The site file's own pages (env().site.pages). */
  teamPages: readonly { path: string }[] = [],
): SitemapEntry[] {
  const newest = blog.posts[0]?.publishedAt;
  const entries: SitemapEntry[] = [
    { loc: `${siteUrl}/`, lastmod: newest },
    ...teamPages.map((p) => ({ loc: `${siteUrl}${p.path}` })),
  ];
  const listing = (base: string, posts: number, lastmod?: string) => {
    for (let n = 1; n <= pageCount(posts); n++)
      entries.push({ loc: `${siteUrl}${listPath(base, n)}`, lastmod: n === 1 ? lastmod : undefined });
  };
  listing("/blog", blog.posts.length, newest);
  for (const post of blog.posts)
    entries.push({ loc: `${siteUrl}${postPath(post.slug)}`, lastmod: post.publishedAt });
  for (const author of blog.authors) listing(authorPath(author.id), author.postCount, author.latestPostAt);
  for (const keyword of blog.keywords)
    listing(
      tagPath(keyword.slug),
      keyword.postCount,
      blog.postsByKeyword.get(keyword.slug)?.[0]?.publishedAt,
    );
  return entries;
}

export function sitemapChunkCount(entryCount: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(entryCount / limit));
}

export const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

function sitemapXml(root: "urlset" | "sitemapindex", entries: SitemapEntry[]): string {
  const item = root === "urlset" ? "url" : "sitemap";
  const items = entries
    .map(
      (e) =>
        `<${item}><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</${item}>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</${root}>\n`;
}

/** /sitemap.xml: the urlset itself when it fits in one file, otherwise an index of /sitemaps/N.xml. */
export function rootSitemap(entries: SitemapEntry[], siteUrl: string, limit = SITEMAP_URL_LIMIT): string {
  if (entries.length <= limit) return sitemapXml("urlset", entries);
  const lastmod = entries[0]?.lastmod;
  const files = Array.from({ length: sitemapChunkCount(entries.length, limit) }, (_, i) => ({
    loc: `${siteUrl}/sitemaps/${i + 1}.xml`,
    lastmod,
  }));
  return sitemapXml("sitemapindex", files);
}

/** Chunk n (sitemapFileNumber's) of the split sitemap, or null when it does not exist. */
export function sitemapChunk(entries: SitemapEntry[], n: number, limit = SITEMAP_URL_LIMIT): string | null {
  if (entries.length <= limit || n > sitemapChunkCount(entries.length, limit)) return null;
  return sitemapXml("urlset", entries.slice((n - 1) * limit, n * limit));
}
