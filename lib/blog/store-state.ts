import { processMemo } from "../memo/process-memo.mjs";
import { blogAddresses, isUnknownBlogAddress } from "./known-addresses";
import type { Blog } from "./model";

/*
 * The blog store's copy (lib/blog/source.ts manages it) and the values computed from it:
 * Masthead's one cache of workspace data. Apart from the store so the site's server, outside
 * Next's bundles, can ask which addresses exist. One per process, not per bundle: every bundle
 * and the server must read the copy the pages use.
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
  /** What is computed from each copy, keyed by it: collected with it. */
  derived: WeakMap<Blog, Map<string, unknown>>;
  /** The values every new copy gets before a reader asks (warmWith). */
  warmers: Map<string, (blog: Blog) => unknown>;
  /** During a build, the first failure: every later page fails with it, one message for the build. */
  buildFailure: Error | null;
};

export const storeState = () =>
  processMemo<StoreState>("blog", () => ({
    copy: null,
    loading: null,
    generation: 0,
    running: false,
    timer: null,
    derived: new WeakMap(),
    warmers: new Map(),
    buildFailure: null,
  }));

/** The copy pages are rendered from: null before the first one and after a revalidation dropped it. */
export function currentBlog(): Blog | null {
  return storeState().copy?.blog ?? null;
}

/**
 * Whether `pathname` names a blog post, tag, author or page the current copy does not have; false
 * while there is no copy (then the route decides). The site's server asks before handing it to Next.
 */
export function isUnknownAddress(pathname: string): boolean {
  const blog = currentBlog();
  return blog !== null && isUnknownBlogAddress(pathname, blogDerived(blog, "addresses", blogAddresses));
}

/** The value `name` of this copy of the blog, computed by `build` on first use. */
export function blogDerived<T>(blog: Blog, name: string, build: (blog: Blog) => T): T {
  const { derived } = storeState();
  let values = derived.get(blog);
  if (!values) derived.set(blog, (values = new Map()));
  if (values.has(name)) return values.get(name) as T;
  const value = build(blog);
  values.set(name, value);
  return value;
}

/** Whether `name` of this copy was computed (or is being computed) already. */
export function hasDerived(blog: Blog, name: string): boolean {
  return storeState().derived.get(blog)?.has(name) ?? false;
}

/** Computes `name` for every new copy of the blog as soon as the store has it (lib/blog/source.ts). */
export function warmWith<T>(name: string, build: (blog: Blog) => T): void {
  storeState().warmers.set(name, build);
}

/** Computes every registered value of this copy, one after the other (each may yield to the event loop). */
export async function warmDerived(blog: Blog): Promise<void> {
  for (const [name, build] of storeState().warmers) await blogDerived(blog, name, build);
}
