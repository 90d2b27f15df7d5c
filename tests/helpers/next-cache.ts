import { createRequire } from "node:module";
import path from "node:path";
import MastheadCacheHandler from "../../lib/next-cache/cache-handler.mjs";

const require = createRequire(import.meta.url);
/** Next's own file-system methods, which it hands every cache handler. */
export const { nodeFs } = require("next/dist/server/lib/node-fs-methods.js") as { nodeFs: unknown };

/**
 * The cache handler as a `next start` server builds it over the build folder `distDir`, with the
 * options the app's next.config passes (`redisUrl` null: this instance's memory and files only).
 */
export function cacheHandlerFor(
  distDir: string,
  options: ConstructorParameters<typeof MastheadCacheHandler>[1],
): InstanceType<typeof MastheadCacheHandler> {
  return new MastheadCacheHandler(
    {
      fs: nodeFs,
      dev: false,
      flushToDisk: true,
      serverDistDir: path.join(distDir, "server"),
      maxMemoryCacheSize: 50 * 1024 * 1024,
      revalidatedTags: [],
      _requestHeaders: {},
    },
    options,
  );
}
