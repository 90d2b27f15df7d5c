import { processMemo } from "../memo/process-memo.mjs";
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

/** Whether `name` of this copy was computed (or is being computed) already. */
export function hasDerived(blog: Blog, name: string): boolean {
  return derivedValues().get(blog)?.has(name) ?? false;
}

// Per process: the values every new copy gets before a reader asks (the search index, the known addresses).
const warmers = () => processMemo("blog.derived.warmers", () => new Map<string, (blog: Blog) => unknown>());

/** Computes `name` for every new copy of the blog as soon as the store has it (lib/blog/source.ts). */
export function warmWith<T>(name: string, build: (blog: Blog) => T): void {
  warmers().set(name, build);
}

/** Computes every registered value of this copy, one after the other (each may yield to the event loop). */
export async function warmDerived(blog: Blog): Promise<void> {
  for (const [name, build] of warmers()) await blogDerived(blog, name, build);
}
