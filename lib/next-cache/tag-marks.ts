/*
 * What this process's Next cache handler (cache-handler.mjs, loaded by Next outside the app's
 * bundles) knows about tag revalidations, for copies the app keeps beside Next's cache: a copy
 * made before its tag was revalidated, here or on any other instance, must not be used again.
 */

type TagRevalidatedAt = (tag: string) => number;

/** Epoch ms of the latest revalidation of `tag` known to this process; 0 if none (or no handler loaded yet). */
export function tagRevalidatedAt(tag: string): number {
  const read = (globalThis as Record<symbol, unknown>)[Symbol.for("masthead.nextCache.tagRevalidatedAt")];
  return typeof read === "function" ? (read as TagRevalidatedAt)(tag) : 0;
}
