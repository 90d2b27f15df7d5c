import { createRequire } from "node:module";

/*
 * Next's own ISR cache (memory LRU + files under <distDir>/server), except that a 404 for an
 * address that never had a page is kept in the bounded memory LRU only, never written to disk.
 *
 * Every blog route with a dynamic segment (/blog/[slug], /og/blog/[slug], /authors/[id],
 * /tags/[keyword], their /page/[page] and /sitemaps/[file]) renders unknown values on request,
 * and Next 16 stores each resulting 404 as files (vercel/next.js#73101): anyone requesting
 * random addresses would grow the disk without bound. A 404 that replaces a page stored on disk
 * (a deleted post, a tag no longer used) is still written, so the old page cannot come back
 * from disk once the memory copy is evicted or the server restarts.
 *
 * Loaded by Next at run time as plain JavaScript (next.config.mjs `cacheHandler`), hence .mjs.
 */

const require = createRequire(import.meta.url);
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

/** Files Next reads first for an entry of this kind; a page also has a .meta beside it. */
const primaryFile = { APP_PAGE: ".html", APP_ROUTE: ".body" };

export default class IsrCacheHandler extends FileSystemCache {
  constructor(options) {
    super(options);
    this.memoryOnly = new FileSystemCache({ ...options, flushToDisk: false });
  }

  async set(key, data, ctx) {
    const suffix = data && data.status === 404 ? primaryFile[data.kind] : undefined;
    if (suffix && !this.storedOnDisk(key, suffix, ctx.kind)) return this.memoryOnly.set(key, data, ctx);
    return super.set(key, data, ctx);
  }

  /** A runtime entry under route-cache/, or the build's prerendered file it falls back to. */
  storedOnDisk(key, suffix, kind) {
    const marker = key.indexOf("/$/");
    const keys = marker === -1 ? [key] : [key, key.slice(marker + 2)];
    return keys.some((k) => {
      try {
        return this.fs.existsSync(this.getFilePath(`${k}${suffix}`, kind));
      } catch {
        return false; // a path Next refuses to build (NUL byte, outside the folder) holds nothing
      }
    });
  }
}
