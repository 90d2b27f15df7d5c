import type { Blog } from "./model";
import { pageCount, parsePageParam } from "./paths";
import { sitemapChunkCount, sitemapEntries, SITEMAP_URL_LIMIT } from "./sitemap";

/*
 * Which blog addresses exist, so a made-up one is answered with the prerendered not-found page
 * before any route renders (a render per random address is costly and leaves a 404 cached).
 */

export type BlogAddresses = {
  /** The store's own map of posts by slug: no second set of every slug. */
  slugs: Pick<ReadonlySet<string>, "has">;
  /** Keyword slug → number of posts. */
  keywords: Map<string, number>;
  /** Author id → number of posts. */
  authors: Map<string, number>;
  posts: number;
  /** How many numbered sitemap files (/sitemaps/<n>.xml) the blog has: none below the URL limit. */
  sitemapFiles: number;
};

export function blogAddresses(blog: Blog, teamPages: readonly { path: string }[] = []): BlogAddresses {
  return {
    slugs: blog.bySlug,
    keywords: new Map(blog.keywords.map((k) => [k.slug, k.postCount])),
    authors: new Map(blog.authors.map((a) => [a.id, a.postCount])),
    posts: blog.posts.length,
    sitemapFiles: sitemapFileCount(sitemapEntries(blog, "", teamPages).length),
  };
}

function sitemapFileCount(entries: number): number {
  return entries <= SITEMAP_URL_LIMIT ? 0 : sitemapChunkCount(entries);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A page number segment that names no page of a list of `count` posts (page 1 is left to the route). */
function noSuchPage(raw: string, count: number): boolean {
  const n = parsePageParam(raw);
  return !Number.isInteger(n) || n > pageCount(count);
}

/**
 * True when `pathname` is a blog address that certainly answers 404 with these addresses:
 * /blog/<slug>, /blog/page/<n>, /tags/<keyword>[/page/<n>], /authors/<id>[/page/<n>],
 * /og/blog/<slug> and /sitemaps/<n>.xml. Anything else (and every address that exists) is left
 * to the routes.
 */
export function isUnknownBlogAddress(pathname: string, known: BlogAddresses): boolean {
  const parts = pathname.split("/").slice(1);
  if (parts.at(-1) === "") parts.pop(); // a trailing slash is redirected by Next, decided here alike
  const [first, a, b, c, ...rest] = parts;
  const hasSlug = (s: string) => known.slugs.has(s) || known.slugs.has(decoded(s));
  if (rest.length) return false;
  if (first === "blog" && a !== undefined) {
    if (a === "page") return b !== undefined && c === undefined && noSuchPage(b, known.posts);
    return b === undefined && !hasSlug(a);
  }
  if (first === "og" && a === "blog" && b !== undefined && c === undefined) return !hasSlug(b);
  if (first === "sitemaps" && a !== undefined && b === undefined) {
    const file = /^([1-9]\d{0,4})\.xml$/.exec(a);
    return !file || Number(file[1]) > known.sitemapFiles;
  }
  if ((first === "tags" || first === "authors") && a !== undefined) {
    const count = first === "tags" ? known.keywords.get(a) : known.authors.get(decoded(a));
    if (b === undefined) return count === undefined;
    if (b === "page" && c !== undefined) return count === undefined || noSuchPage(c, count);
  }
  return false;
}
