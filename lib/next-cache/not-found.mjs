import { readFileSync } from "node:fs";
import { isUnknownAddress } from "./app-handoff.mjs";
import { ByteLru, sizeOf } from "./memory.mjs";
import { addressOfCacheKey, cacheControlHeader, ENTRY_KINDS, notFoundPageFiles } from "./next-internals.mjs";

/*
 * The 404 policy of Next's cache, in one place.
 *
 *  1. An address the blog store says names nothing (no such post, tag, author, page or preview
 *     image: lib/blog/source.ts decides, from its current copy of the blog, asked through
 *     app-handoff.mjs) is answered with the
 *     build's prerendered not-found page, or a plain 404 for a preview image, without rendering
 *     and without storing anything: a random address costs what a cached page costs. Asked
 *     only when this process holds no entry for the key, so a cached page never pays for it.
 *  2. A 404 rendered for an address that never had a page (the store had no current copy to
 *     decide with) is kept only in a small bounded memory LRU of this process: never in Redis,
 *     never on disk. Every dynamic blog segment renders unknown values on request, so otherwise
 *     random addresses would grow the store without bound (vercel/next.js#73101).
 *  3. A 404 that replaces a stored page (a deleted post) is stored like any entry, so the old
 *     page cannot come back from Redis, the disk or the build's files.
 */

/** Bounds what one process keeps for rendered 404s of unknown addresses. */
export const NOT_FOUND_MEMORY_BYTES = 8 * 1024 * 1024;

const BLOG_ADDRESS = /^\/(?:blog|tags|authors|og\/blog)\//;

export function notFoundMemory() {
  return new ByteLru(NOT_FOUND_MEMORY_BYTES, (record) => sizeOf(record.value));
}

const isResponseKind = (kind) => kind === ENTRY_KINDS.APP_PAGE || kind === ENTRY_KINDS.APP_ROUTE;

/** A response for an address with no page: what a random address would otherwise store. */
export const isNotFound = (value) => value === null || (isResponseKind(value?.kind) && value.status === 404);

/** Rule 1: the answer for a key the blog store says names nothing, or undefined. */
export function unknownAddressAnswer(key, ctx, serverDistDir, held) {
  if (!isResponseKind(ctx.kind)) return undefined;
  const address = addressOfCacheKey(key);
  if (!BLOG_ADDRESS.test(address) || !isUnknownAddress(address)) return undefined;
  if (held.values === undefined) held.values = notFoundValues(serverDistDir);
  if (!held.values) return undefined;
  // No cacheControl beside the value: Next copies an entry's cacheControl into a process-wide
  // Map keyed by its address (SharedCacheControls) that nothing ever empties: memory kept for
  // good per random address. The not-found page's lifetime travels as its Cache-Control
  // header instead, which Next sends with the cached headers.
  return { value: held.values[ctx.kind], lastModified: Date.now() };
}

/**
 * The 404 values, built once per process from the build's /_not-found page: for pages the page
 * itself (its HTML, RSC payload and prefetch segments), for route handlers (preview images) a
 * plain "Not found"; both with the page's lifetime as their Cache-Control header. Null when the
 * build has no such page (then routes decide).
 */
function notFoundValues(serverDistDir) {
  if (!serverDistDir) return null;
  try {
    const files = notFoundPageFiles(serverDistDir);
    const meta = JSON.parse(readFileSync(files.meta, "utf8"));
    const manifest = JSON.parse(readFileSync(files.prerenderManifest, "utf8"));
    const route = manifest.routes?.[files.route] ?? {};
    const cacheControl = cacheControlHeader({
      revalidate: route.initialRevalidateSeconds ?? false,
      expire: route.initialExpireSeconds,
    });
    const segmentData = new Map();
    for (const segment of meta.segmentPaths ?? [])
      segmentData.set(segment, readFileSync(files.segment(segment)));
    return {
      APP_PAGE: {
        kind: ENTRY_KINDS.APP_PAGE,
        html: readFileSync(files.html, "utf8"),
        rscData: readFileSync(files.rsc),
        headers: { ...meta.headers, "cache-control": cacheControl },
        postponed: undefined,
        status: 404,
        segmentData,
      },
      APP_ROUTE: {
        kind: ENTRY_KINDS.APP_ROUTE,
        status: 404,
        body: Buffer.from("Not found"),
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": cacheControl },
      },
    };
  } catch {
    return null;
  }
}
