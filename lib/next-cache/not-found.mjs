import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ByteLru, sizeOf } from "./memory.mjs";

/*
 * The 404 policy of Next's cache, in one place.
 *
 *  1. An address the blog store says names nothing (no such post, tag, author, page or preview
 *     image: lib/blog/source.ts decides, from its current copy of the blog) is answered with the
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

const require = createRequire(import.meta.url);
// Next's own formatting of a lifetime as Cache-Control (s-maxage and stale-while-revalidate).
const { getCacheControlHeader } = require("next/dist/server/lib/cache-control.js");

/** Bounds what one process keeps for rendered 404s of unknown addresses. */
export const NOT_FOUND_MEMORY_BYTES = 8 * 1024 * 1024;

const UNKNOWN_ADDRESS = Symbol.for("masthead.nextCache.isUnknownAddress");
const BLOG_ADDRESS = /^\/(?:blog|tags|authors|og\/blog)\//;

export function notFoundMemory() {
  return new ByteLru(NOT_FOUND_MEMORY_BYTES, (record) => sizeOf(record.value));
}

/** The address a cache key stands for: Next 16 keys pages as /route-cache/<kind>/<route>/$/<path>. */
function addressOf(key) {
  const marker = key.indexOf("/$/");
  return marker === -1 ? key : key.slice(marker + 2);
}

const isResponseKind = (kind) => kind === "APP_PAGE" || kind === "APP_ROUTE";

/** A response for an address with no page: what a random address would otherwise store. */
export const isNotFound = (value) => value === null || (isResponseKind(value?.kind) && value.status === 404);

/** Rule 1: the answer for a key the blog store says names nothing, or undefined. */
export function unknownAddressAnswer(key, ctx, serverDistDir, held) {
  if (!isResponseKind(ctx.kind)) return undefined;
  const address = addressOf(key);
  if (!BLOG_ADDRESS.test(address)) return undefined;
  const isUnknown = globalThis[UNKNOWN_ADDRESS];
  if (typeof isUnknown !== "function" || !isUnknown(address)) return undefined;
  if (held.values === undefined) held.values = notFoundValues(serverDistDir);
  if (!held.values) return undefined;
  // No cacheControl beside the value: Next copies an entry's cacheControl into a process-wide
  // Map keyed by its address (SharedCacheControls) that nothing ever empties, ~200 bytes kept
  // for good per random address. The not-found page's lifetime travels as its Cache-Control
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
    const base = path.join(serverDistDir, "app", "_not-found");
    const meta = JSON.parse(readFileSync(`${base}.meta`, "utf8"));
    const manifest = JSON.parse(
      readFileSync(path.join(serverDistDir, "..", "prerender-manifest.json"), "utf8"),
    );
    const route = manifest.routes?.["/_not-found"] ?? {};
    const cacheControl = getCacheControlHeader({
      revalidate: route.initialRevalidateSeconds ?? false,
      expire: route.initialExpireSeconds,
    });
    const segmentData = new Map();
    for (const segment of meta.segmentPaths ?? [])
      segmentData.set(segment, readFileSync(`${base}.segments${segment}.segment.rsc`));
    return {
      APP_PAGE: {
        kind: "APP_PAGE",
        html: readFileSync(`${base}.html`, "utf8"),
        rscData: readFileSync(`${base}.rsc`),
        headers: { ...meta.headers, "cache-control": cacheControl },
        postponed: undefined,
        status: 404,
        segmentData,
      },
      APP_ROUTE: {
        kind: "APP_ROUTE",
        status: 404,
        body: Buffer.from("Not found"),
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": cacheControl },
      },
    };
  } catch {
    return null;
  }
}
