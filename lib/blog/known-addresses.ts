import { tagRevalidatedAt } from "../next-cache/tag-marks";
import { processMemo } from "../state/process-memo.mjs";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { pageCount, parsePageParam, type Blog } from "./model";

/*
 * Which blog addresses exist, so that proxy.ts can answer an address that names no post, tag or
 * author with the prerendered not-found page before any route renders. A random /blog/<x> used
 * to cost a full render each (about a tenth of the rate of a cached page) and grew the server's
 * memory with every new address.
 *
 * The set is taken from the same copy of the blog-post list the pages render from (lib/blog/
 * source.ts hands every copy it fetches to rememberBlogAddresses). While that copy may be
 * outdated (older than BLOG_REVALIDATE_SECONDS, or fetched before the blog's cache tag was last
 * revalidated) the proxy does not decide: the request goes to the route, which fetches a fresh
 * list and renders, so a post published a moment ago is never refused. The proxy never waits
 * on the workspace.
 */

export type BlogAddresses = {
  slugs: Set<string>;
  /** Keyword slug → number of posts. */
  keywords: Map<string, number>;
  /** Author id → number of posts. */
  authors: Map<string, number>;
  posts: number;
  /** When the list these come from was fetched (epoch ms). */
  fetchedAt: number;
};

const holder = () =>
  processMemo<{ current: BlogAddresses | null }>("blog.knownAddresses", () => ({ current: null }));

export function blogAddresses(blog: Blog, fetchedAt: number): BlogAddresses {
  return {
    slugs: new Set(blog.bySlug.keys()),
    keywords: new Map(blog.keywords.map((k) => [k.slug, k.postCount])),
    authors: new Map(blog.authors.map((a) => [a.id, a.postCount])),
    posts: blog.posts.length,
    fetchedAt,
  };
}

/** Called with every copy of the list the pages render from; the newest copy wins. */
export function rememberBlogAddresses(blog: Blog, fetchedAt: number): void {
  const h = holder();
  if (!h.current || h.current.fetchedAt <= fetchedAt) h.current = blogAddresses(blog, fetchedAt);
}

/** The remembered set while it is still the one pages would render from; null otherwise. */
export function currentBlogAddresses(maxAgeSeconds: number, now = Date.now()): BlogAddresses | null {
  const current = holder().current;
  if (!current) return null;
  if (now - current.fetchedAt >= maxAgeSeconds * 1000) return null;
  if (current.fetchedAt <= tagRevalidatedAt(BLOG_CACHE_TAG)) return null;
  return current;
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
 * /blog/<slug>, /blog/page/<n>, /tags/<keyword>[/page/<n>], /authors/<id>[/page/<n>] and
 * /og/blog/<slug>. Anything else (and every address that exists) is left to the routes.
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
  if ((first === "tags" || first === "authors") && a !== undefined) {
    const count = first === "tags" ? known.keywords.get(a) : known.authors.get(decoded(a));
    if (b === undefined) return count === undefined;
    if (b === "page" && c !== undefined) return count === undefined || noSuchPage(c, count);
  }
  return false;
}
