/*
 * What the app and this process's Next cache handler (lib/next-cache/cache-handler.mjs, bundled
 * with instrumentation.ts apart from the routes' bundles, so module state is not shared) tell each
 * other, through globalThis:
 *  - the handler knows when each tag was last revalidated, here or on any other instance: a
 *    copy the app keeps beside Next's cache (the blog store) must not outlive its tag;
 *  - the app knows which blog addresses exist: the handler answers the others with the
 *    not-found page before looking anything up or rendering.
 */

const TAG_REVALIDATED_AT = Symbol.for("masthead.nextCache.tagRevalidatedAt");
const UNKNOWN_ADDRESS = Symbol.for("masthead.nextCache.isUnknownAddress");

type Holder = Record<symbol, unknown>;

/** Epoch ms of the latest revalidation of `tag` known to this process; 0 if none (or no handler loaded yet). */
export function tagRevalidatedAt(tag: string): number {
  const read = (globalThis as Holder)[TAG_REVALIDATED_AT];
  return typeof read === "function" ? (read as (tag: string) => number)(tag) : 0;
}

/** Gives the cache handler the judge of unknown addresses (true: answer the not-found page). */
export function answerUnknownAddresses(isUnknown: (pathname: string) => boolean): void {
  (globalThis as Holder)[UNKNOWN_ADDRESS] = isUnknown;
}
