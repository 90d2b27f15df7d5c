import { processMemo } from "../memo/process-memo.mjs";
import { blogDerived } from "./derived";
import { blogAddresses, isUnknownBlogAddress } from "./known-addresses";
import type { Blog } from "./model";

/*
 * The blog store's copy of the blog (lib/blog/source.ts loads it, replaces it and drops it), kept
 * apart from the store so the site's server (lib/launcher/server.ts), which runs outside Next's
 * bundles, can ask which blog addresses exist before handing a request to Next.
 *
 * One per process (not per bundle): Next bundles the store once per route type (pages, route
 * handlers, instrumentation) and the server loads this module on its own, and every one of them
 * must read the copy the pages use. `copy` is what readers are answered from; `loading` the one
 * fetch in flight.
 */

/** `slugs`: the slugs endpoint's list, read only by a build (which prerenders from it). */
export type Copy = { blog: Blog; slugs: string[]; fetchedAt: number };
export type Loading = { promise: Promise<Blog>; startedAt: number; generation: number };
export type StoreState = {
  copy: Copy | null;
  loading: Loading | null;
  /** Counts forgetBlogData() calls: a fetch started before the last one is not installed. */
  generation: number;
  /** The store loads copies in the background (startBlogStore ran). */
  running: boolean;
  /** When the next copy loads in the background. */
  timer: ReturnType<typeof setTimeout> | null;
  /** During a build, the first failure: every later page fails with it, one message for the build. */
  buildFailure: Error | null;
};

export const storeState = () =>
  processMemo<StoreState>("blog.source.store", () => ({
    copy: null,
    loading: null,
    generation: 0,
    running: false,
    timer: null,
    buildFailure: null,
  }));

/**
 * The copy pages are rendered from: null before the first one, and once the blog was revalidated
 * after it was fetched (the store drops it then, and the next render waits for the new one). A
 * copy past BLOG_REVALIDATE_SECONDS is still current while its successor loads in the background.
 */
export function currentBlog(): Blog | null {
  return storeState().copy?.blog ?? null;
}

/**
 * Whether `pathname` names a blog post, tag, author or page that the current copy of the blog
 * does not have; false while no copy is current (then the route renders and decides). The site's
 * server asks it before handing a blog address to Next, so a random address is answered with the
 * prerendered not-found page without rendering, at the cost of a cached page.
 */
export function isUnknownAddress(pathname: string): boolean {
  const blog = currentBlog();
  return blog !== null && isUnknownBlogAddress(pathname, blogDerived(blog, "addresses", blogAddresses));
}
