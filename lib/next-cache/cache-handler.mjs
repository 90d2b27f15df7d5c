import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { log, logLine } from "../observability/log.mjs";
import { existingProcessMemo, processMemo } from "../memo/process-memo.mjs";
import { ByteLru, sizeOf } from "./memory.mjs";
import { buildIdFile, ENTRY_KINDS, fileSystemCache, installFetchCache } from "./next-internals.mjs";
import { isNotFound, notFoundMemory, unknownAddressAnswer } from "./not-found.mjs";
import { redisTargetFromEnv } from "../state/redis-fail-fast.mjs";
import { newVersion, SharedCache } from "./shared.mjs";
import { entryTags, judgeEntry, RenderStarts, TagMarks } from "./tags.mjs";

export { NOT_FOUND_MEMORY_BYTES } from "./not-found.mjs";
export { ByteLru } from "./memory.mjs";

/*
 * Next's cache handler (installed by installAsNextCache below): where ISR pages, cached route
 * handlers (feeds, sitemaps, preview images) and the data cache (the tagged slugs fetch) live. It
 * implements Next's public cache-handler contract (get / set / revalidateTag /
 * resetRequestCache), the shape of Next's own examples/cache-handler-redis.
 *
 * A hit is a lookup in this process's memory plus a comparison with the tag revalidation times
 * and entry versions this process holds: no disk, no network. Bounded by Next's
 * `cacheMaxMemorySize` (50 MB by default); on a miss:
 *  - REDIS_URL unset (one instance): Next's own file cache (files under <distDir>/server, the
 *    build's prerendered pages among them), used through the same public interface; writes go
 *    to it too, so a restart keeps regenerated pages.
 *  - REDIS_URL set (several instances on one build): Redis (shared.mjs), then the build's
 *    prerendered files, read only (Next alone would render every page once more on each new
 *    instance, and answer 500 if the workspace were down then). A hit asks Redis nothing while
 *    no newer version of the entry has been published; the entry travels only when one has.
 *
 * What it takes from Next beyond the public interface (the hook installAsNextCache uses, the file
 * cache, the key format, the build's file names) is next-internals.mjs, checked when the server
 * starts. The 404 policy is not-found.mjs. Tags (tags.mjs): an entry older than its tag's stale
 * mark is returned stale, so Next serves it once more and regenerates it in the background
 * (stale-while-revalidate: a workspace failing at that moment keeps the last good page).
 */

const require = createRequire(import.meta.url);
const { PHASE_PRODUCTION_BUILD } = require("next/constants");

const DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024;
const isBuildPhase = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

const STATES = "nextCache.states";
/** Every handler state of this process, by instance, Redis URL and build folder. */
const states = () => processMemo(STATES, () => new Map());

/**
 * Per-process state (lib/state's registry): Next constructs a handler for every request (so this
 * must cost a Map lookup, not a file read), and the module may be loaded more than once in one
 * process. Tests name an `instance` to hold two in one process.
 */
function processState(ctx, { redisUrl, instance, log }) {
  const registry = states();
  const id = `${instance}|${JSON.stringify(redisUrl ?? "")}|${ctx.serverDistDir ?? ""}`;
  let state = registry.get(id);
  if (state) return state;
  const prefix = `masthead:next:${readBuildId(ctx.serverDistDir)}:`;
  const tags = new TagMarks();
  state = {
    memory: new ByteLru(ctx.maxMemoryCacheSize ?? DEFAULT_MEMORY_BYTES, (record) => sizeOf(record.value)),
    notFound: notFoundMemory(),
    notFoundValues: {},
    tags,
    renderStarts: new RenderStarts(),
    shared: redisUrl ? new SharedCache(redisUrl, prefix, tags, log) : null,
    // This handler's memory is the one in-process copy. With Redis the files are only read (the
    // build's seed): a copy written here would be this instance's alone, and could outlive Redis.
    // Next's default handler, itself an implementation of the same public interface. Composed,
    // never extended.
    files: new (fileSystemCache())({
      ...ctx,
      maxMemoryCacheSize: 0,
      ...(redisUrl ? { flushToDisk: false } : {}),
    }),
    log,
  };
  registry.set(id, state);
  return state;
}

function readBuildId(serverDistDir) {
  if (!serverDistDir) return "unbuilt";
  try {
    return readFileSync(buildIdFile(serverDistDir), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}

const isResponseKind = (value) =>
  value && (value.kind === ENTRY_KINDS.APP_PAGE || value.kind === ENTRY_KINDS.APP_ROUTE);

export default class MastheadCacheHandler {
  /**
   * @param {object} ctx Next's CacheHandlerContext (serverDistDir, flushToDisk, maxMemoryCacheSize, ...)
   * @param {object} [options] for tests: { redisUrl, instance, log }; Next passes none, so the
   * environment decides (REDIS_URL or REDIS_SENTINELS, lib/state's recipe).
   */
  constructor(ctx, options = {}) {
    const configured = options.redisUrl !== undefined ? options.redisUrl : redisTargetFromEnv();
    // The build writes the prerendered files itself and must not depend on Redis being up.
    const redisUrl = isBuildPhase() ? null : configured;
    this.serverDistDir = ctx.serverDistDir;
    this.state = processState(ctx, {
      redisUrl,
      instance: options.instance ?? "",
      log: options.log ?? logLine("state"),
    });
    this.files = this.state.files;
  }

  async get(key, ctx) {
    const asked = Date.now();
    const entry = await this.lookup(key, ctx, asked);
    // A miss or a stale entry makes Next render; what it then stores is dated from here.
    const revalidate = entry?.cacheControl?.revalidate ?? ctx.revalidate ?? entry?.value?.revalidate;
    const stale =
      entry !== null && typeof revalidate === "number" && asked - entry.lastModified > revalidate * 1000;
    if (entry === null || stale) this.state.renderStarts.note(key, asked);
    // At debug only (a hit is the hot path): what the cache answered, and so whether Next renders.
    const debug = log("state");
    if (debug.isLevelEnabled("debug"))
      debug.debug(
        { cache: entry === null ? "miss" : stale ? "stale" : "hit", key, kind: ctx?.kind },
        `Next cache ${entry === null ? "miss" : stale ? "stale" : "hit"}: ${key}`,
      );
    return entry;
  }

  async lookup(key, ctx, now) {
    const { memory, shared } = this.state;
    if (shared && !shared.warm) await shared.warmup;
    let record = memory.get(key);
    if (record !== undefined) {
      if (shared && !shared.current(key, record)) {
        const current = await shared.freshen(key, record);
        if (current !== record) memory.set(key, (record = current));
      }
      return this.judge(record, ctx, now);
    }
    const notFound = this.state.notFound.get(key);
    if (notFound) return this.judge(notFound, ctx, now);
    const unknown = unknownAddressAnswer(key, ctx, this.serverDistDir, this.state.notFoundValues);
    if (unknown) return unknown;
    const checkpoint = shared?.checkpoint();
    record = (shared && (await shared.fetch(key, checkpoint))) || (await this.seed(key, ctx));
    if (record === undefined) return null;
    // The build's file, when Redis has none: current until a version is heard for its key.
    if (shared && record.version === null) shared.checked(record, checkpoint);
    memory.set(key, record);
    return this.judge(record, ctx, now);
  }

  /**
   * Next's file cache: the whole cache without Redis; with it, the build's prerendered files
   * (read only, and Next's file cache checks they belong to this route).
   */
  async seed(key, ctx) {
    if (this.state.shared && ctx.kind === ENTRY_KINDS.FETCH) return undefined;
    try {
      const entry = await this.files.get(key, ctx);
      if (!entry) return undefined;
      const { value, lastModified, cacheControl } = entry;
      return { value, lastModified, cacheControl, tags: [], allTags: entryTags(value), version: null };
    } catch {
      return undefined;
    }
  }

  judge(record, ctx, now) {
    return judgeEntry(this.state.tags, record, ctx, now);
  }

  async set(key, data, ctx) {
    const fetchCache = Boolean(ctx && ctx.fetchCache);
    const tags = fetchCache ? (ctx.tags ?? []) : [];
    const record = {
      value: data,
      lastModified: this.state.renderStarts.take(key, Date.now()),
      cacheControl: fetchCache ? undefined : ctx?.cacheControl,
      tags,
      allTags: entryTags(data, tags),
      version: newVersion(),
    };
    const { memory, shared } = this.state;
    if (isNotFound(data) && !(await this.hasStoredPage(key, data, ctx))) {
      this.state.notFound.set(key, record);
      memory.delete(key);
      return;
    }
    this.state.notFound.delete(key);
    if (shared) shared.checked(record, shared.checkpoint());
    memory.set(key, record);
    if (shared) return shared.write(key, record);
    return this.files.set(key, data, ctx);
  }

  /** Whether a page is stored under this key (so a 404 must replace it everywhere it could come back from). */
  async hasStoredPage(key, data, ctx) {
    const held = this.state.memory.peek(key);
    if (held && !isNotFound(held.value)) return true;
    if (this.state.shared && (await this.state.shared.exists(key))) return true;
    if (!data || !isResponseKind(data)) return false;
    try {
      const stored = await this.files.get(key, {
        kind: data.kind,
        isFallback: Boolean(ctx?.isFallback),
        isRoutePPREnabled: ctx?.isRoutePPREnabled,
      });
      return Boolean(stored && stored.value && stored.value.status !== 404);
    } catch {
      return false;
    }
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === "string" ? [tags] : [...tags];
    if (list.length === 0) return;
    const now = Date.now();
    // Next's own semantics: with a profile the tag is stale now and expires after `expire`;
    // without one it expires now.
    const mark = durations
      ? { stale: now, expired: durations.expire !== undefined ? now + durations.expire * 1000 : 0 }
      : { stale: 0, expired: now };
    for (const tag of list) this.state.tags.merge(tag, mark);
    const { shared } = this.state;
    if (!shared) return this.files.revalidateTag(list, durations);
    if (!(await shared.markTags(list, mark)))
      this.state.log(
        `Next cache: Redis is unreachable: ${list.join(", ")} revalidated on this instance now, on the others once Redis is back.`,
      );
  }

  resetRequestCache() {}
}

/**
 * Makes this class Next's cache for ISR pages, cached route handlers and the data cache, in this
 * process (instrumentation.ts calls it once at start, before the first request).
 *
 * Not through next.config's `cacheHandler` option: Next re-imports that module with `import()`
 * twice for every request (once in the server, once in the route's runtime), and Node's loader
 * resolves each again even when the module is long loaded, a cost on every cached view
 * (docs/performance.md, "Serving"). Next's IncrementalCache takes the handler class from
 * a global hook instead when no `cacheHandler` is configured: the hook a hosting platform's runtime
 * uses to supply its own cache (`FetchCache`; next-internals.mjs, installFetchCache). The class
 * and its contract are the same; only the lookup is gone.
 * Next's 'use cache' handlers (`DefaultCache`, `RemoteCache` under the same hook) are kept.
 */
export function installAsNextCache() {
  installFetchCache(MastheadCacheHandler);
}

/**
 * When `tag` was last revalidated, as far as this process knows (epoch ms, 0 if never): for
 * copies the app keeps beside Next's cache (lib/blog/source.ts), which reads it through
 * app-handoff.mjs once instrumentation.ts has connected it. With Redis the marks of every
 * instance arrive by pub/sub.
 */
export function tagRevalidatedAt(tag) {
  const now = Date.now();
  let latest = 0;
  for (const state of existingProcessMemo(STATES)?.values() ?? [])
    latest = Math.max(latest, state.tags.revalidatedAt(tag, now));
  return latest;
}

/** Tests: closes the connections this process opened and forgets every copy. */
export async function closeNextCacheConnections() {
  const registry = existingProcessMemo(STATES);
  if (!registry) return;
  for (const state of registry.values()) state.shared?.disconnect();
  registry.clear();
}
