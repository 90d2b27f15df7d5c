import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { Redis } from "ioredis";
import { logLine } from "../observability/log.mjs";
import { FAIL_FAST_OPTIONS, describeRedis, firstAttempt } from "../state/redis-fail-fast.mjs";

/*
 * Next's cache handler (next.config.mjs `cacheHandler`): where ISR pages and cached route
 * handlers (feeds, sitemaps, preview images) and the data cache (the tagged slugs fetch) live.
 * It implements Next's public cache-handler contract: get / set / revalidateTag /
 * resetRequestCache, the shape of Next's own examples/cache-handler-redis.
 *
 *  - REDIS_URL unset (one instance): Next's default handler, its file-system cache (a memory
 *    LRU of `cacheMaxMemorySize` plus files under <distDir>/server), used through that same
 *    interface, exactly as without this module.
 *  - REDIS_URL set (several instances on one build): entries and tag revalidation times live
 *    in Redis, so a page regenerated on one instance is served by all of them, and a tag
 *    revalidated on one is stale on all of them. The build's prerendered files stay the seed:
 *    on a Redis miss the entry is read from them (Next itself would ignore them and render
 *    every page once more on each new instance, and answer 500 if the workspace were down
 *    then). Keys carry the build id, so a new deploy never serves an older build's pages.
 *
 * Rules in both modes:
 *  - A 404 for an address that never had a page is kept only in a small bounded memory LRU of
 *    this process: never in Redis, never on disk. Every dynamic blog segment renders unknown
 *    values on request, so otherwise random addresses would grow the store without bound
 *    (vercel/next.js#73101). A 404 that replaces a stored page (a deleted post) is stored like
 *    any entry, so the old page cannot come back from Redis, the disk or the build's files.
 *  - Redis down never makes a page wait or fail: commands fail at once (offline queue off,
 *    short timeouts); get() falls back to this process's last copy (bounded), then the build's
 *    files, then a miss (a fresh render); set() keeps the memory copy; a tag revalidation is
 *    applied here at once and written to Redis when it is back.
 *
 * Tags: Redis keeps, per tag, when it was last marked stale and when it expires (Next's own
 * tag-manifest semantics, as in its file cache and its Redis example). An entry older than a
 * stale mark is returned stale, so Next serves it once more and regenerates it in the
 * background (stale-while-revalidate: a workspace failing at that moment keeps the last good
 * page). The contract's only way to say "stale" is lastModified, so a stale entry is returned
 * with lastModified moved back past its revalidate interval. A fetch entry older than a stale
 * mark is a miss, so the regeneration fetches fresh data instead of the stale copy.
 *
 * Loaded by Next at run time as plain JavaScript, outside the app's bundles, so it cannot use
 * lib/state (TypeScript). Its Redis client repeats lib/state's fail-fast options on purpose:
 * the same settings, in the one file Next can load.
 */

const require = createRequire(import.meta.url);
// Next's default handler, itself an implementation of the same public interface (it is what
// Next uses when no cacheHandler is configured). Composed, never extended.
const NextFileCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;
const { PHASE_PRODUCTION_BUILD } = require("next/constants");

/** Bounds what one process keeps for 404s of unknown addresses, and for copies used while Redis is down. */
export const NOT_FOUND_MEMORY_BYTES = 8 * 1024 * 1024;
export const REDIS_DOWN_COPY_BYTES = 32 * 1024 * 1024;
/**
 * Redis entries live at most this long without being rewritten (an entry Next never reads
 * again, an older build's keys). Tag marks live longer than any entry they can concern.
 */
const ENTRY_TTL_SECONDS = 14 * 24 * 3600;
const TAGS_TTL_SECONDS = ENTRY_TTL_SECONDS + 24 * 3600;
const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";

/** A Map used as an LRU bounded by the summed size of its values (Buffers). */
export class ByteLru {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.map = new Map();
  }
  get(key) {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  set(key, value) {
    this.delete(key);
    const size = key.length + value.length;
    if (size > this.maxBytes) return;
    this.map.set(key, value);
    this.bytes += size;
    for (const [oldest, old] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= oldest.length + old.length;
    }
  }
  delete(key) {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.bytes -= key.length + value.length;
  }
  get size() {
    return this.map.size;
  }
}

// set-if-newer for every tag, in both hashes: a late writer never moves a mark backwards.
const MARK_TAGS_SCRIPT = `
for i = 1, #ARGV, 3 do
  local tag, stale, expired = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if stale > 0 and stale > tonumber(redis.call('HGET', KEYS[1], tag) or '0') then redis.call('HSET', KEYS[1], tag, stale) end
  if expired > 0 and expired > tonumber(redis.call('HGET', KEYS[2], tag) or '0') then redis.call('HSET', KEYS[2], tag, expired) end
end
redis.call('EXPIRE', KEYS[1], ${TAGS_TTL_SECONDS})
redis.call('EXPIRE', KEYS[2], ${TAGS_TTL_SECONDS})
return 1`;

const isBuildPhase = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

/** "host:port" of a Redis URL, never its password. */
/**
 * Per-process state, on globalThis: Next constructs a handler per request, and the module may
 * be loaded more than once in one process. Tests name an `instance` to hold two in one process.
 */
function processState({ redisUrl, prefix, instance, log }) {
  const holder = globalThis;
  const registry = (holder[Symbol.for("masthead.nextCache")] ??= new Map());
  const id = `${instance}|${redisUrl ?? ""}|${prefix}`;
  let state = registry.get(id);
  if (state) return state;
  state = {
    keys: { staleTags: `${prefix}tags:stale`, expiredTags: `${prefix}tags:expired` },
    notFound: new ByteLru(NOT_FOUND_MEMORY_BYTES),
    copies: new ByteLru(REDIS_DOWN_COPY_BYTES),
    /** tag -> { stale, expired } as last read from Redis or set here (epoch ms). */
    tags: new Map(),
    /** Marks made here that Redis has not confirmed yet. */
    pendingTags: new Map(),
    /** key -> when the get() that started its render asked (see noteRenderStart). */
    renderStarts: new Map(),
    client: null,
    firstAttempt: Promise.resolve(),
    log,
  };
  if (redisUrl) state.client = connect(redisUrl, state);
  registry.set(id, state);
  return state;
}

function connect(url, state) {
  const where = describeRedis(url);
  const client = new Redis(url, { ...FAIL_FAST_OPTIONS, connectionName: "masthead:next-cache" });
  client.defineCommand("markTags", { numberOfKeys: 2, lua: MARK_TAGS_SCRIPT });
  let reachable;
  client.on("ready", () => {
    if (reachable !== true) state.log(`Next cache: Redis at ${where} is reachable; pages are shared.`);
    reachable = true;
    void flushPendingTags(state);
  });
  const unreachable = (why) => {
    if (reachable !== false)
      state.log(
        `Next cache: Redis at ${where} is unreachable (${why}); serving this instance's copies, the build's pages or fresh renders until it is back.`,
      );
    reachable = false;
  };
  client.on("error", (error) => unreachable(error.name));
  // A dropped connection is reported at once, not at the first failed reconnect.
  client.on("close", () => unreachable("connection closed"));
  client.connect().catch(() => {
    // reported by the 'error' handler; the retry strategy keeps reconnecting
  });
  // The first requests after start-up wait for the first answer (at most the connect
  // timeout) instead of missing Redis while it connects; later ones never wait.
  state.firstAttempt = firstAttempt(client);
  return client;
}

/*
 * An entry is dated from the get() that started its render, not from when it is stored: a tag
 * revalidation that lands during the render (here, or on another instance) is newer than the
 * data the render used, so it must leave the entry stale. Kept per key for one render window,
 * bounded in count.
 */
const RENDER_WINDOW_MS = 30_000;
const MAX_RENDER_STARTS = 10_000;

function noteRenderStart(state, key, at) {
  const known = state.renderStarts.get(key);
  if (known !== undefined && at - known < RENDER_WINDOW_MS) return; // the render already under way
  state.renderStarts.delete(key);
  state.renderStarts.set(key, at);
  if (state.renderStarts.size > MAX_RENDER_STARTS)
    state.renderStarts.delete(state.renderStarts.keys().next().value);
}

function takeRenderStart(state, key, now) {
  const at = state.renderStarts.get(key);
  state.renderStarts.delete(key);
  return at !== undefined && now - at < RENDER_WINDOW_MS && at <= now ? at : now;
}

const ready = (state) => state.client !== null && state.client.status === "ready";

/** ready(), after the first connection attempt has been answered. */
async function readyNow(state) {
  await state.firstAttempt;
  return ready(state);
}

function mergeTag(state, tag, mark) {
  const known = state.tags.get(tag) ?? { stale: 0, expired: 0 };
  state.tags.set(tag, {
    stale: Math.max(known.stale, mark.stale ?? 0),
    expired: Math.max(known.expired, mark.expired ?? 0),
  });
}

/**
 * Writes the marks Redis has not confirmed. A mark that waited out an outage is written with
 * the time it reaches Redis, not the time it was made: meanwhile other instances may have
 * regenerated entries from data older than the revalidation and stored them later than its
 * original time, and those must go stale too (as must their in-process copies of the data).
 */
async function flushPendingTags(state) {
  if (!ready(state) || state.pendingTags.size === 0) return;
  const batch = [...state.pendingTags];
  const now = Date.now();
  const at = (t) => (t ? Math.max(t, now) : 0);
  const marks = batch.map(([tag, m]) => [tag, { stale: at(m.stale), expired: at(m.expired) }]);
  const args = marks.flatMap(([tag, m]) => [tag, String(m.stale), String(m.expired)]);
  try {
    await state.client.markTags(state.keys.staleTags, state.keys.expiredTags, ...args);
    for (const [tag, mark] of batch) if (state.pendingTags.get(tag) === mark) state.pendingTags.delete(tag);
    for (const [tag, mark] of marks) mergeTag(state, tag, mark);
  } catch {
    // still down: the next 'ready' tries again
  }
}

function readBuildId(serverDistDir) {
  if (!serverDistDir) return "unbuilt";
  try {
    return readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}

function headerTags(value) {
  const header = value && value.headers ? value.headers[NEXT_CACHE_TAGS_HEADER] : undefined;
  return typeof header === "string" && header ? header.split(",") : [];
}

/** A stored record, or null for nothing or bytes that are not one (never a thrown error mid-request). */
function decode(bytes) {
  if (!bytes) return null;
  try {
    const record = deserialize(bytes);
    return record && typeof record === "object" && "lastModified" in record ? record : null;
  } catch {
    return null;
  }
}

const isResponseKind = (value) => value && (value.kind === "APP_PAGE" || value.kind === "APP_ROUTE");

/** A response for an address with no page: the entries a random address would create. */
const isNotFound = (value) => value === null || (isResponseKind(value) && value.status === 404);

export default class MastheadCacheHandler {
  /**
   * @param {object} ctx Next's CacheHandlerContext (serverDistDir, flushToDisk, maxMemoryCacheSize, ...)
   * @param {object} [options] for tests: { redisUrl, instance, log }; Next passes none, so REDIS_URL decides.
   */
  constructor(ctx, options = {}) {
    const configured =
      options.redisUrl !== undefined ? options.redisUrl : process.env.REDIS_URL?.trim() || null;
    // The build writes the prerendered files itself and must not depend on Redis being up.
    const redisUrl = isBuildPhase() ? null : configured;
    this.redisMode = redisUrl !== null;
    this.prefix = `masthead:next:${readBuildId(ctx.serverDistDir)}:`;
    this.state = processState({
      redisUrl,
      prefix: this.prefix,
      instance: options.instance ?? "",
      log: options.log ?? logLine("state"),
    });
    // With Redis the files are only read (the build's seed): a copy written here would be this
    // instance's alone, and could outlive what Redis says.
    this.files = new NextFileCache(
      this.redisMode ? { ...ctx, flushToDisk: false, maxMemoryCacheSize: 0 } : ctx,
    );
  }

  async get(key, ctx) {
    const asked = Date.now();
    const entry = await this.lookup(key, ctx);
    // A miss or a stale entry makes Next render; what it then stores is dated from here.
    const revalidate = entry?.cacheControl?.revalidate ?? ctx.revalidate ?? entry?.value?.revalidate;
    if (entry === null || (typeof revalidate === "number" && asked - entry.lastModified > revalidate * 1000))
      noteRenderStart(this.state, key, asked);
    return entry;
  }

  async lookup(key, ctx) {
    const notFound = decode(this.state.notFound.get(key));
    if (notFound) return this.judge(notFound, ctx);
    if (!this.redisMode) return this.seed(key, ctx);

    if (await readyNow(this.state)) {
      try {
        const [[entryError, stored], [tagError, staleMarks], [expiredError, expiredMarks]] =
          await this.state.client
            .pipeline()
            .getBuffer(this.prefix + "e:" + key)
            .hgetall(this.state.keys.staleTags)
            .hgetall(this.state.keys.expiredTags)
            .exec();
        if (entryError || tagError || expiredError) throw entryError ?? tagError ?? expiredError;
        for (const [tag, at] of Object.entries(staleMarks)) mergeTag(this.state, tag, { stale: Number(at) });
        for (const [tag, at] of Object.entries(expiredMarks))
          mergeTag(this.state, tag, { expired: Number(at) });
        // A mark this instance could not write earlier goes out with the first answer from Redis.
        if (this.state.pendingTags.size > 0) void flushPendingTags(this.state);
        const record = decode(stored);
        if (record) {
          this.state.copies.set(key, stored);
          return this.judge(record, ctx);
        }
        this.state.copies.delete(key);
        return this.seed(key, ctx);
      } catch {
        // Redis failed mid-request: answer from what this process has
      }
    }
    const copy = decode(this.state.copies.get(key));
    if (copy) return this.judge(copy, ctx);
    return this.seed(key, ctx);
  }

  /**
   * Next's file cache: the whole cache without Redis; with it, the build's prerendered files
   * (read only, and Next's file cache checks they belong to this route).
   */
  async seed(key, ctx) {
    if (this.redisMode && ctx.kind === "FETCH") return null;
    try {
      return this.judgeFile(await this.files.get(key, ctx), ctx);
    } catch {
      return null;
    }
  }

  judgeFile(entry, ctx) {
    if (!entry) return null;
    return this.judge(
      { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl, tags: [] },
      ctx,
    );
  }

  /** Applies tag marks to a stored record: fresh as stored, stale (served once more), or a miss. */
  judge(record, ctx) {
    const { value, lastModified, cacheControl } = record;
    const tags = new Set([...(record.tags ?? []), ...headerTags(value)]);
    if (ctx.kind === "FETCH") for (const tag of [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]) tags.add(tag);
    const now = Date.now();
    let stale = false;
    // An entry dated in the same millisecond as a revalidation counts as older: its render may
    // have read the data the revalidation replaced, and the cost of being wrong is one more
    // regeneration, not a stale page kept until the next interval.
    for (const tag of tags) {
      const mark = this.state.tags.get(tag);
      if (!mark) continue;
      if (mark.expired && mark.expired <= now && mark.expired >= lastModified) return null;
      if (mark.stale >= lastModified) stale = true;
    }
    const entry = { value, lastModified, ...(cacheControl ? { cacheControl } : {}) };
    if (!stale) return entry;
    if (value && value.kind === "FETCH") return null;
    const revalidate = cacheControl?.revalidate;
    if (typeof revalidate !== "number") return null;
    const staleSince = now - revalidate * 1000 - 1;
    const expire = cacheControl.expire;
    // Past its expire time Next would block on a render; then a miss says the same honestly.
    if (typeof expire === "number" && now - expire * 1000 >= staleSince) return null;
    return { ...entry, lastModified: Math.min(lastModified, staleSince) };
  }

  async set(key, data, ctx) {
    const fetchCache = Boolean(ctx && ctx.fetchCache);
    const record = {
      value: data,
      lastModified: takeRenderStart(this.state, key, Date.now()),
      cacheControl: fetchCache ? undefined : ctx?.cacheControl,
      tags: fetchCache ? (ctx.tags ?? []) : [],
    };
    if (isNotFound(data) && !(await this.hasStoredPage(key, data, ctx))) {
      this.remember404(key, record);
      return;
    }
    this.state.notFound.delete(key);
    if (!this.redisMode) return this.files.set(key, data, ctx);

    let bytes;
    try {
      bytes = serialize(record);
    } catch {
      return; // not serialisable: Next renders it again next time
    }
    this.state.copies.set(key, bytes);
    if (!(await readyNow(this.state))) return;
    const expire = record.cacheControl?.expire;
    const ttl =
      typeof expire === "number" && expire > 0
        ? Math.min(Math.ceil(expire), ENTRY_TTL_SECONDS)
        : ENTRY_TTL_SECONDS;
    try {
      await this.state.client.set(this.prefix + "e:" + key, bytes, "EX", ttl);
    } catch {
      // kept in this process's copy; the next regeneration writes it again
    }
  }

  remember404(key, record) {
    try {
      this.state.notFound.set(key, serialize(record));
    } catch {
      // not serialisable: rendered again next time
    }
    this.state.copies.delete(key);
  }

  /** Whether a page is stored under this key (so a 404 must replace it everywhere it could come back from). */
  async hasStoredPage(key, data, ctx) {
    if (this.redisMode) {
      if (this.state.copies.get(key)) return true;
      if (await readyNow(this.state)) {
        try {
          if ((await this.state.client.exists(this.prefix + "e:" + key)) === 1) return true;
        } catch {
          // unknown: the build's files still decide below
        }
      }
    }
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
    for (const tag of list) mergeTag(this.state, tag, mark);
    if (!this.redisMode) return this.files.revalidateTag(list, durations);
    for (const tag of list) this.state.pendingTags.set(tag, mark);
    await this.state.firstAttempt;
    await flushPendingTags(this.state);
    if (this.state.pendingTags.size > 0)
      this.state.log(
        `Next cache: Redis is unreachable: ${list.join(", ")} revalidated on this instance now, on the others once Redis is back.`,
      );
  }

  resetRequestCache() {}
}

/**
 * When `tag` was last revalidated, as far as this process knows (epoch ms, 0 if never): for
 * in-process copies kept beside Next's cache (lib/blog/source.ts's post list), read through
 * lib/next-cache/tag-marks.ts. Every render follows a get() that has just read the marks from
 * Redis, so a render on any instance sees a revalidation made on any other.
 */
function tagRevalidatedAt(tag) {
  const now = Date.now();
  let latest = 0;
  for (const state of globalThis[Symbol.for("masthead.nextCache")]?.values() ?? []) {
    const mark = state.tags.get(tag);
    // An expiry still in the future (revalidateTag(tag, "max") sets it a year ahead) is not a
    // revalidation yet: counting it would make every copy look outdated until then, so each
    // render would refetch the blog's post list.
    if (mark) latest = Math.max(latest, mark.stale, mark.expired <= now ? mark.expired : 0);
  }
  return latest;
}
globalThis[Symbol.for("masthead.nextCache.tagRevalidatedAt")] = tagRevalidatedAt;

/** Tests: closes the connections this process opened and forgets every copy. */
export async function closeNextCacheConnections() {
  const registry = globalThis[Symbol.for("masthead.nextCache")];
  if (!registry) return;
  for (const state of registry.values()) state.client?.disconnect();
  registry.clear();
}
