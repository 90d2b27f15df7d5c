import { createRequire } from "node:module";
import path from "node:path";

/*
 * Everything Masthead takes from Next beyond its public API, in one place. Each piece below says
 * where in Next it lives and what it is used for; checkNextInternals() probes every one of them
 * against the Next that is installed, and instrumentation.ts calls assertNextInternals() when a
 * server starts, so that a Next that no longer provides one stops the server with a message
 * naming it, instead of the site quietly falling back (to Next's own file cache, to renders for
 * random addresses, to the blog list going through Next's data cache).
 *
 * The pieces:
 *  - the cache-handler hook: IncrementalCache takes its handler class from
 *    globalThis[Symbol.for("@next/cache-handlers")].FetchCache when next.config names no
 *    `cacheHandler` (installFetchCache; why not `cacheHandler`: cache-handler.mjs);
 *  - Next's file cache, the handler's store on a miss (fileSystemCache);
 *  - Next's Cache-Control formatting of a lifetime, for the not-found answers (cacheControlHeader);
 *  - the original fetch Next keeps on its patched one as `_nextOriginalFetch`, for the blog's list
 *    request (unpatchedFetch; docs/architecture.md, "The blog", says why no public API does this);
 *  - the cache-key format, /route-cache/<kind>/<route hash>/$<address> (addressOfCacheKey);
 *  - the address `next start` listens on, which it records as __NEXT_PRIVATE_ORIGIN before
 *    instrumentation runs, for the blog's warm-up renders (serverOrigin; lib/blog/warm-up.ts);
 *  - the names in cache entries and in the build's output: the cache-tags header, the entry
 *    kinds, the prerendered not-found page's files, the prerender manifest and BUILD_ID.
 * The rest of the handler's contract (get / set / revalidateTag and their context) is Next's
 * documented `cacheHandler` interface.
 *
 * Nothing here runs on a request's path: a cached page view calls addressOfCacheKey at most (on a
 * key this process holds no entry for), which is string code; the rest runs once per process.
 */

/** The Next versions these pieces were read from and checked against: package.json's "next". */
export const NEXT_VERSIONS = "~16.4.6";

const require = createRequire(import.meta.url);

/** Where each piece lives in Next (a module path under next/). */
const MODULES = {
  incrementalCache: "next/dist/server/lib/incremental-cache/index.js",
  fileSystemCache: "next/dist/server/lib/incremental-cache/file-system-cache.js",
  cacheControl: "next/dist/server/lib/cache-control.js",
  patchFetch: "next/dist/server/lib/patch-fetch.js",
  routeCacheKey: "next/dist/server/lib/route-cache-key.js",
  constants: "next/dist/lib/constants.js",
  sharedConstants: "next/dist/shared/lib/constants.js",
  responseCacheTypes: "next/dist/server/response-cache/types.js",
};

const CACHE_HANDLERS_HOOK = Symbol.for("@next/cache-handlers");

/** The header Next stores an entry's cache tags under (x-next-cache-tags). */
export const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";

/** The kinds of cache entries the handler tells apart. */
export const ENTRY_KINDS = Object.freeze({ APP_PAGE: "APP_PAGE", APP_ROUTE: "APP_ROUTE", FETCH: "FETCH" });

/** Names in the build's output folder (<distDir>, whose server/ Next hands the handler as serverDistDir). */
const BUILD_FILES = Object.freeze({
  PRERENDER_MANIFEST: "prerender-manifest.json",
  BUILD_ID_FILE: "BUILD_ID",
  RSC_SUFFIX: ".rsc",
  NEXT_META_SUFFIX: ".meta",
  RSC_SEGMENTS_DIR_SUFFIX: ".segments",
  RSC_SEGMENT_SUFFIX: ".segment.rsc",
});

/**
 * Makes `HandlerClass` Next's cache for ISR pages, cached route handlers and the data cache in
 * this process, keeping the 'use cache' handlers (DefaultCache, RemoteCache) under the same hook.
 */
export function installFetchCache(HandlerClass) {
  globalThis[CACHE_HANDLERS_HOOK] = { ...globalThis[CACHE_HANDLERS_HOOK], FetchCache: HandlerClass };
}

/** Next's default cache handler class (files under serverDistDir), which the handler composes. */
export function fileSystemCache(load = require) {
  return load(MODULES.fileSystemCache).default;
}

/**
 * Next's Cache-Control value for a lifetime:
 * `s-maxage=<revalidate>, stale-while-revalidate=<expire - revalidate>`.
 */
export function cacheControlHeader(lifetime, load = require) {
  return load(MODULES.cacheControl).getCacheControlHeader(lifetime);
}

/**
 * The fetch Next's patched fetch wraps (Next keeps it on the patched one as `_nextOriginalFetch`,
 * "for external consumers" in its source); where Next has not patched fetch, fetch itself.
 */
export function unpatchedFetch() {
  const patched = globalThis.fetch;
  return patched._nextOriginalFetch ?? patched;
}

/**
 * This server's own origin (http://host:port), as `next start` records it for its own requests;
 * undefined where Next did not (a build, a test, `next dev` before it listens): the warm-up then
 * renders nothing and readers pay for the first renders, as they would without it.
 * @returns {string | undefined}
 */
export function serverOrigin() {
  return process.env.__NEXT_PRIVATE_ORIGIN || undefined;
}

/**
 * The address a cache key stands for: Next keys pages and route handlers
 * /route-cache/<kind>/<route hash>/$<address> (data-cache keys are left as they are).
 */
export function addressOfCacheKey(key) {
  const marker = key.indexOf("/$/");
  return marker === -1 ? key : key.slice(marker + 2);
}

/** The file holding the build's id, beside serverDistDir. */
export function buildIdFile(serverDistDir) {
  return path.join(serverDistDir, "..", BUILD_FILES.BUILD_ID_FILE);
}

/** The files of the build's prerendered not-found page (app/_not-found), and the prerender manifest. */
export function notFoundPageFiles(serverDistDir) {
  const base = path.join(serverDistDir, "app", "_not-found");
  return {
    html: `${base}.html`,
    rsc: `${base}${BUILD_FILES.RSC_SUFFIX}`,
    meta: `${base}${BUILD_FILES.NEXT_META_SUFFIX}`,
    segment: (segmentPath) =>
      `${base}${BUILD_FILES.RSC_SEGMENTS_DIR_SUFFIX}${segmentPath}${BUILD_FILES.RSC_SEGMENT_SUFFIX}`,
    prerenderManifest: path.join(serverDistDir, "..", BUILD_FILES.PRERENDER_MANIFEST),
    /** The not-found page's entry in the prerender manifest's routes. */
    route: "/_not-found",
  };
}

/*
 * The start-up probes: each loads the piece from Next (through `load`, require unless a test
 * gives another) and uses it the way Masthead does, on made-up values. A probe returns nothing
 * when the piece is there and works, and what is wrong otherwise.
 */

/**
 * Runs `probe` and puts back every global symbol it set: creating a patched fetch marks
 * globalThis as patched, which would keep Next from patching the real one.
 */
function withGlobalsRestored(probe) {
  const holder = globalThis;
  const describe = (symbol) => Object.getOwnPropertyDescriptor(holder, symbol);
  const before = new Map(Object.getOwnPropertySymbols(holder).map((s) => [s, describe(s)]));
  const same = (a, b) => a.value === b.value && a.get === b.get && a.set === b.set;
  try {
    return probe();
  } finally {
    for (const symbol of Object.getOwnPropertySymbols(holder)) {
      const was = before.get(symbol);
      if (!was) delete holder[symbol];
      else if (!same(was, describe(symbol))) Object.defineProperty(holder, symbol, was);
    }
  }
}

const sameValues = (expected, actual) =>
  Object.entries(expected)
    .filter(([name, value]) => actual?.[name] !== value)
    .map(([name, value]) => `${name} is ${JSON.stringify(actual?.[name])}, not ${JSON.stringify(value)}`)
    .join("; ") || undefined;

const PROBES = [
  {
    piece: "the cache-handler hook (globalThis[Symbol.for('@next/cache-handlers')].FetchCache)",
    where: MODULES.incrementalCache,
    probe(load) {
      const { IncrementalCache } = load(MODULES.incrementalCache);
      class Probe {}
      const before = globalThis[CACHE_HANDLERS_HOOK];
      try {
        installFetchCache(Probe);
        const cache = new IncrementalCache({
          dev: false,
          minimalMode: false,
          requestHeaders: {},
          previewProps: { previewModeId: "probe", previewModeSigningKey: "", previewModeEncryptionKey: "" },
          prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} },
        });
        return cache.cacheHandler instanceof Probe
          ? undefined
          : "IncrementalCache no longer takes its handler class from the hook";
      } finally {
        if (before === undefined) delete globalThis[CACHE_HANDLERS_HOOK];
        else globalThis[CACHE_HANDLERS_HOOK] = before;
      }
    },
  },
  {
    piece: "Next's file cache (FileSystemCache)",
    where: MODULES.fileSystemCache,
    probe(load) {
      const FileCache = fileSystemCache(load);
      const methods = ["get", "set", "revalidateTag"];
      const missing = methods.filter((m) => typeof FileCache?.prototype?.[m] !== "function");
      return missing.length ? `its default export has no ${missing.join(", ")}` : undefined;
    },
  },
  {
    piece: "Next's Cache-Control formatting (getCacheControlHeader)",
    where: MODULES.cacheControl,
    probe(load) {
      const value = cacheControlHeader({ revalidate: 300, expire: 31_536_000 }, load);
      const expected = "s-maxage=300, stale-while-revalidate=31535700";
      return value === expected
        ? undefined
        : `it gives ${JSON.stringify(value)}, not ${JSON.stringify(expected)}`;
    },
  },
  {
    piece: "the original fetch on Next's patched fetch (_nextOriginalFetch)",
    where: MODULES.patchFetch,
    probe(load) {
      const { createPatchedFetcher } = load(MODULES.patchFetch);
      const original = () => Promise.reject(new Error("probe"));
      return withGlobalsRestored(() => {
        const patched = createPatchedFetcher(original, {
          workAsyncStorage: { getStore: () => undefined },
          workUnitAsyncStorage: { getStore: () => undefined },
        });
        return patched?._nextOriginalFetch === original
          ? undefined
          : "the patched fetch no longer carries the fetch it wraps as _nextOriginalFetch";
      });
    },
  },
  {
    piece: "the cache-key format (/route-cache/<kind>/<route hash>/$<address>)",
    where: MODULES.routeCacheKey,
    probe(load) {
      const { getRouteCacheKey } = load(MODULES.routeCacheKey);
      const address = "/blog/a-post";
      const key = getRouteCacheKey(address, { kind: ENTRY_KINDS.APP_PAGE, sourceRoute: "/blog/[slug]/page" });
      const read = addressOfCacheKey(key);
      return read === address ? undefined : `the key ${JSON.stringify(key)} reads as ${JSON.stringify(read)}`;
    },
  },
  {
    piece: "the names in cache entries (the cache-tags header, the entry kinds)",
    where: `${MODULES.constants}, ${MODULES.responseCacheTypes}`,
    probe(load) {
      return (
        sameValues({ NEXT_CACHE_TAGS_HEADER }, load(MODULES.constants)) ??
        sameValues(ENTRY_KINDS, load(MODULES.responseCacheTypes).CachedRouteKind)
      );
    },
  },
  {
    piece: "the names of the build's files (prerender manifest, BUILD_ID, .rsc, .meta, segments)",
    where: `${MODULES.sharedConstants}, ${MODULES.constants}`,
    probe(load) {
      const { PRERENDER_MANIFEST, BUILD_ID_FILE, ...suffixes } = BUILD_FILES;
      return (
        sameValues({ PRERENDER_MANIFEST, BUILD_ID_FILE }, load(MODULES.sharedConstants)) ??
        sameValues(suffixes, load(MODULES.constants))
      );
    },
  },
];

/** The installed Next's version, or "an unknown version". */
function nextVersion(load) {
  try {
    return `Next ${load("next/package.json").version}`;
  } catch {
    return "an unknown version of Next";
  }
}

/**
 * Every piece the installed Next no longer provides as Masthead uses it: an empty list when all
 * are there. `load` stands for require (tests give a Next with a piece missing).
 */
export function checkNextInternals(load = require) {
  const problems = [];
  for (const { piece, where, probe } of PROBES) {
    let problem;
    try {
      problem = probe(load);
    } catch (error) {
      problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
    }
    if (problem) problems.push({ piece, where, problem });
  }
  return problems;
}

export class NextInternalsError extends Error {
  constructor(message, problems) {
    super(message);
    this.name = "NextInternalsError";
    this.problems = problems;
  }
}

/** Throws NextInternalsError naming each missing piece, the Next found and the versions these were written for. */
export function assertNextInternals(load = require) {
  const problems = checkNextInternals(load);
  if (problems.length === 0) return;
  const list = problems.map((p) => `  - ${p.piece}, in ${p.where}: ${p.problem}`).join("\n");
  throw new NextInternalsError(
    `Masthead cannot run on ${nextVersion(load)}: it relies on parts of Next beyond its public API, ` +
      `written for next@${NEXT_VERSIONS}, and ${problems.length === 1 ? "this one is" : "these are"} missing or changed:\n${list}\n` +
      `Install the Next version package.json names (npm ci), or adapt lib/next-cache/next-internals.mjs to this one.`,
    problems,
  );
}
