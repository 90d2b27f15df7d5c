import { processMemo } from "../state/process-memo.mjs";
import type { Blog } from "./model";

/*
 * Values computed from one copy of the blog (the known addresses, the search index), part of the
 * blog store (lib/blog/source.ts): each lives exactly as long as the copy it was computed from,
 * so a new copy means new values and the old ones are collected with the old copy. Nothing here
 * keeps a copy or a clock of its own. Kept apart from source.ts only so that code without the
 * app's configuration (the search bench) can use it.
 */

// Per process (not per bundle): every Next bundle that derives from the store's copy shares one value.
const derivedValues = () => processMemo("blog.derived", () => new WeakMap<Blog, Map<string, unknown>>());

/** The value `name` of this copy of the blog, computed by `build` on first use. */
export function blogDerived<T>(blog: Blog, name: string, build: (blog: Blog) => T): T {
  const all = derivedValues();
  let values = all.get(blog);
  if (!values) all.set(blog, (values = new Map()));
  if (values.has(name)) return values.get(name) as T;
  const value = build(blog);
  values.set(name, value);
  return value;
}
