import { env } from "../config/env";
import { processMemo } from "../memo/process-memo.mjs";
import type { Blog } from "./model";
import { decodedSegment, pageCount, parsePageParam } from "./paths";
import { sitemapChunkCount, sitemapEntries, SITEMAP_URL_LIMIT } from "./sitemap";

// The blog store's state (source.ts manages it), one per process, not per bundle: the site's server
// reads `isUnknownAddress` from this process value and loads no blog code.

export const storeState = () =>
  processMemo("blog", () => ({
    /** `slugs`: the slugs endpoint's list, read only by a build (which prerenders from it). */
    copy: null as { blog: Blog; slugs: string[]; fetchedAt: number } | null,
    loading: null as { promise: Promise<Blog>; startedAt: number; generation: number } | null,
    /** Counts forgetBlogData() calls: a fetch started before the last one is not installed. */
    generation: 0,
    /** startBlogStore ran: copies load in the background. */
    running: false,
    timer: null as ReturnType<typeof setTimeout> | null,
    /** Computed from each copy, keyed by it: collected with it. */
    derived: new WeakMap<Blog, Map<string, unknown>>(),
    /** The values every new copy gets before a reader asks (warmWith). */
    warmers: new Map<string, (blog: Blog) => unknown>(),
    /** During a build, the first failure: every later page fails with it. */
    buildFailure: null as Error | null,
    isUnknownAddress,
  }));

/** The copy pages are rendered from: null before the first one and after a revalidation dropped it. */
export function currentBlog(): Blog | null {
  return storeState().copy?.blog ?? null;
}

export function blogDerived<T>(blog: Blog, name: string, build: (blog: Blog) => T): T {
  const { derived } = storeState();
  let values = derived.get(blog);
  if (!values) derived.set(blog, (values = new Map()));
  if (values.has(name)) return values.get(name) as T;
  const value = build(blog);
  values.set(name, value);
  return value;
}

/** Computes `name` for every new copy of the blog as soon as the store has it. */
export function warmWith<T>(name: string, build: (blog: Blog) => T): void {
  storeState().warmers.set(name, build);
}

/** Computes every registered value of this copy, one after the other. */
export async function warmDerived(blog: Blog): Promise<void> {
  for (const [name, build] of storeState().warmers) await blogDerived(blog, name, build);
}

/** N of "N.xml", or null for any other name. */
export function sitemapFileNumber(file: string): number | null {
  const match = /^([1-9]\d{0,4})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** How many numbered sitemap files (/sitemaps/<n>.xml) a copy has: none below the URL limit. */
export function countSitemapFiles(blog: Blog): number {
  const entries = sitemapEntries(blog, "", env().site.pages).length;
  return entries <= SITEMAP_URL_LIMIT ? 0 : sitemapChunkCount(entries);
}
export const sitemapFiles = (blog: Blog) => blogDerived(blog, "sitemapFiles", countSitemapFiles);

// Whether the current copy lacks the post, tag, author, page, preview image or sitemap file `pathname`
// names: a render per random address is costly and leaves a 404 cached. False without a copy.
export function isUnknownAddress(pathname: string): boolean {
  const blog = currentBlog();
  return blog !== null && isUnknownBlogAddress(pathname, blog, sitemapFiles(blog));
}

/** A page number segment that names no page of a list of `count` posts (page 1 is left to the route). */
function noSuchPage(raw: string, count: number): boolean {
  const n = parsePageParam(raw);
  return !Number.isInteger(n) || n > pageCount(count);
}

export function isUnknownBlogAddress(pathname: string, blog: Blog, sitemapFiles: number): boolean {
  const parts = pathname.split("/").slice(1);
  if (parts.at(-1) === "") parts.pop(); // a trailing slash is redirected by Next, decided here alike
  const [first, a, b, c, ...rest] = parts;
  const hasSlug = (s: string) => blog.bySlug.has(s) || blog.bySlug.has(decodedSegment(s));
  if (rest.length) return false;
  if (first === "blog" && a !== undefined) {
    if (a === "page") return b !== undefined && c === undefined && noSuchPage(b, blog.posts.length);
    return b === undefined && !hasSlug(a);
  }
  if (first === "og" && a === "blog" && b !== undefined && c === undefined) return !hasSlug(b);
  if (first === "sitemaps" && a !== undefined && b === undefined)
    return (sitemapFileNumber(a) ?? Infinity) > sitemapFiles;
  if ((first === "tags" || first === "authors") && a !== undefined) {
    const count = (first === "tags" ? blog.postsByKeyword.get(a) : blog.postsByAuthor.get(decodedSegment(a)))
      ?.length;
    if (b === undefined) return count === undefined;
    if (b === "page" && c !== undefined) return count === undefined || noSuchPage(c, count);
  }
  return false;
}
