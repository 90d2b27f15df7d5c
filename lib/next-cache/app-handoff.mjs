import { processMemo } from "../memo/process-memo.mjs";

/*
 * What Next's cache handler (cache-handler.mjs) and the app tell each other, and nothing else:
 *  - the handler knows when each tag was last revalidated, here or on any other instance: a
 *    copy the app keeps beside Next's cache (the blog store, lib/blog/source.ts) must not
 *    outlive its tag;
 *  - the blog store knows which blog addresses exist: the handler answers the others with the
 *    not-found page before looking anything up or rendering (not-found.mjs).
 * instrumentation.ts connects each side when the server starts (connectHandoff); until then the
 * answers are "never revalidated" and "not unknown" (the routes render and decide).
 *
 * Per process, not per module copy: the handler is bundled with instrumentation.ts apart from the
 * routes' bundles, and each bundle has its own copy of this module; the answers are kept in
 * lib/state's per-process registry, which every copy shares.
 */

/** @typedef {import("./app-handoff.d.mts").Handoff} Handoff */

/** @returns {Handoff} */
const handoff = () =>
  processMemo("nextCache.handoff", () => ({
    tagRevalidatedAt: () => 0,
    isUnknownAddress: () => false,
  }));

/**
 * Names who answers each question in this process (either or both).
 * @param {Partial<Handoff>} answers
 */
export function connectHandoff(answers) {
  const current = handoff();
  if (answers.tagRevalidatedAt) current.tagRevalidatedAt = answers.tagRevalidatedAt;
  if (answers.isUnknownAddress) current.isUnknownAddress = answers.isUnknownAddress;
}

/**
 * Epoch ms of the latest revalidation of `tag` known to this process; 0 if none (or no handler connected).
 * @param {string} tag
 */
export function tagRevalidatedAt(tag) {
  return handoff().tagRevalidatedAt(tag);
}

/**
 * Whether `pathname` is a blog address that names nothing (answer the not-found page); false
 * when the blog store cannot tell, or is not connected.
 * @param {string} pathname
 */
export function isUnknownAddress(pathname) {
  return handoff().isUnknownAddress(pathname);
}
