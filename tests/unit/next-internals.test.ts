import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  assertNextInternals,
  checkNextInternals,
  NEXT_VERSIONS,
  NextInternalsError,
} from "@/lib/next-cache/next-internals.mjs";

/*
 * The start-up check of what Masthead takes from Next beyond its public API: it passes on the
 * installed Next without leaving a trace, and a Next without one of the pieces (made here by a
 * loader that hides or changes one module) stops the server with a message naming the piece,
 * where it was, the Next found and the versions the code was written for.
 */

const require = createRequire(import.meta.url);
const HOOK = Symbol.for("@next/cache-handlers");
const PATCHED = Symbol.for("next-patch");
const holder = globalThis as Record<symbol, unknown>;

/** require, except that `id` cannot be found. */
const without = (id: string) => (wanted: string) => {
  if (wanted === id) {
    const error = new Error(`Cannot find module '${id}'\nRequire stack:\n- somewhere`);
    (error as Error & { code: string }).code = "MODULE_NOT_FOUND";
    throw error;
  }
  return require(wanted) as unknown;
};

/** require, except that `id` exports what `change` makes of it. */
const changed =
  (id: string, change: (real: Record<string, unknown>) => Record<string, unknown>) => (wanted: string) =>
    wanted === id ? change(require(wanted) as Record<string, unknown>) : (require(wanted) as unknown);

function failure(load: (id: string) => unknown): NextInternalsError {
  try {
    assertNextInternals(load);
  } catch (error) {
    expect(error).toBeInstanceOf(NextInternalsError);
    return error as NextInternalsError;
  }
  throw new Error("assertNextInternals passed");
}

const installed = (require("next/package.json") as { version: string }).version;

describe("the installed Next", () => {
  it("provides every piece, and the check leaves the hook and fetch as they were", () => {
    const useCache = { DefaultCache: {} };
    holder[HOOK] = useCache;
    const fetchBefore = globalThis.fetch;
    try {
      expect(checkNextInternals()).toEqual([]);
      expect(() => assertNextInternals()).not.toThrow();
      expect(holder[HOOK]).toBe(useCache);
      expect(holder[PATCHED]).toBeUndefined(); // else Next would never patch the real fetch
      expect(globalThis.fetch).toBe(fetchBefore);
    } finally {
      delete holder[HOOK];
    }
  });

  it("is the version package.json names, the one the message cites", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    expect(NEXT_VERSIONS).toBe(pkg.dependencies.next);
  });
});

describe("a Next without a piece stops the server with a clear message", () => {
  it.each([
    ["next/dist/server/lib/incremental-cache/file-system-cache.js", "Next's file cache"],
    ["next/dist/server/lib/incremental-cache/index.js", "the cache-handler hook"],
    ["next/dist/server/lib/patch-fetch.js", "_nextOriginalFetch"],
    ["next/dist/server/lib/route-cache-key.js", "the cache-key format"],
    ["next/dist/server/lib/cache-control.js", "Cache-Control formatting"],
  ])("%s missing", (id, piece) => {
    const error = failure(without(id));
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain(`Masthead cannot run on Next ${installed}`);
    expect(error.message).toContain(piece);
    expect(error.message).toContain(`in ${id}: Cannot find module`);
    expect(error.message).toContain(`written for next@${NEXT_VERSIONS}`);
    expect(error.message).toContain("npm ci");
    expect(error.message).not.toContain("Require stack"); // one line per piece
  });

  it("a patched fetch that no longer keeps the original one", () => {
    const load = changed("next/dist/server/lib/patch-fetch.js", (real) => ({
      ...real,
      createPatchedFetcher: () => async () => new Response("patched"),
    }));
    const error = failure(load);
    expect(error.message).toMatch(
      /the original fetch on Next's patched fetch \(_nextOriginalFetch\), in next\/dist\/server\/lib\/patch-fetch\.js: the patched fetch no longer carries the fetch it wraps/,
    );
  });

  it("an IncrementalCache that no longer reads the hook", () => {
    const load = changed("next/dist/server/lib/incremental-cache/index.js", () => ({
      IncrementalCache: class {
        cacheHandler = {};
      },
    }));
    expect(failure(load).message).toContain(
      "IncrementalCache no longer takes its handler class from the hook",
    );
  });

  it("a new cache-key format, and renamed build files", () => {
    const load = changed("next/dist/server/lib/route-cache-key.js", () => ({
      getRouteCacheKey: (pathname: string) => `/cache/APP_PAGE/abc${pathname}`,
    }));
    expect(failure(load).message).toContain('reads as "/cache/APP_PAGE/abc/blog/a-post"');
    const renamed = changed("next/dist/lib/constants.js", (real) => ({ ...real, NEXT_META_SUFFIX: ".json" }));
    expect(failure(renamed).message).toContain('NEXT_META_SUFFIX is ".json", not ".meta"');
  });
});

describe("instrumentation.ts", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.doUnmock("@/lib/next-cache/next-internals.mjs");
    vi.resetModules();
    delete holder[HOOK];
  });

  it("stops the start with the message, before installing the cache handler", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.NEXT_PHASE = "phase-production-build"; // nothing past the cache handler runs
    delete process.env.REDIS_URL;
    vi.resetModules();
    vi.doMock("@/lib/next-cache/next-internals.mjs", async (importOriginal) => {
      const real = await importOriginal<typeof import("@/lib/next-cache/next-internals.mjs")>();
      return {
        ...real,
        assertNextInternals: () => real.assertNextInternals(without("next/dist/server/lib/patch-fetch.js")),
      };
    });
    const { register } = await import("@/instrumentation");
    await expect(register()).rejects.toThrow(/_nextOriginalFetch/);
    expect(holder[HOOK]).toBeUndefined();
  });

  it("installs the cache handler, and connects its tag times, when every piece is there", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.NEXT_PHASE = "phase-production-build";
    delete process.env.REDIS_URL;
    vi.resetModules();
    const { register } = await import("@/instrumentation");
    await register();
    const { default: MastheadCacheHandler } = await import("@/lib/next-cache/cache-handler.mjs");
    expect((holder[HOOK] as { FetchCache?: unknown }).FetchCache).toBe(MastheadCacheHandler);
    // ...and connects its tag times to the handoff the blog store reads.
    const { tagRevalidatedAt } = await import("@/lib/next-cache/app-handoff.mjs");
    expect(tagRevalidatedAt("blog")).toBe(0);
    const handler = new MastheadCacheHandler({}, { redisUrl: null, instance: "instrumentation-test" });
    await handler.revalidateTag("blog", { expire: 60 });
    expect(tagRevalidatedAt("blog")).toBeGreaterThan(0);
  });
});
