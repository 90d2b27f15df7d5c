import { readFileSync } from "node:fs";
import path from "node:path";
import { distDir } from "../config/defaults.mjs";
import { log, logLine } from "../observability/log.mjs";
import { ByteLru } from "./memory.mjs";
import { redisTargetFromVars } from "../config/redis-target.mjs";
import { newVersion, SharedCache } from "./shared.mjs";
import { ENTRY_KINDS, entryTags, judgeEntry, nextCacheProcess, RenderStarts, TagMarks } from "./tags.mjs";

// A 404 for an address that never had a page stays in a small local memory, so random addresses
// cannot grow the shared store; a 404 replacing a page is stored.

const DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024;
export const NOT_FOUND_MEMORY_BYTES = 8 * 1024 * 1024;
const isBuildPhase = () => process.env.NEXT_PHASE === "phase-production-build";

// The shared cache's keys carry the build's id: a new deploy must never serve an older build's pages.
function readBuildId() {
  try {
    return readFileSync(path.join(distDir(process.env), "BUILD_ID"), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}

const isResponseKind = (value) =>
  value && (value.kind === ENTRY_KINDS.APP_PAGE || value.kind === ENTRY_KINDS.APP_ROUTE);
const isNotFound = (value) => value === null || (isResponseKind(value) && value.status === 404);

// Per process (lib/memo): Next constructs a handler per request and may load this module more than once.
function processState(ctx, { redisUrl, instance, log, buildId }) {
  const registry = nextCacheProcess().states;
  const id = `${instance}|${JSON.stringify(redisUrl ?? "")}|${buildId ?? ""}`;
  let state = registry.get(id);
  if (state) return state;
  const tags = new TagMarks();
  const prefix = `masthead:next:${buildId ?? readBuildId()}:`;
  state = {
    memory: new ByteLru(ctx.maxMemoryCacheSize ?? DEFAULT_MEMORY_BYTES),
    notFound: new ByteLru(NOT_FOUND_MEMORY_BYTES),
    tags,
    renderStarts: new RenderStarts(),
    shared: redisUrl ? new SharedCache(redisUrl, prefix, tags, log) : null,
    log,
  };
  registry.set(id, state);
  return state;
}

const NO_OPTIONS = Object.freeze({});
let defaultState;

export default class MastheadCacheHandler {
  constructor(ctx = {}, options = NO_OPTIONS) {
    if (options === NO_OPTIONS && defaultState && !defaultState.closed) {
      this.state = defaultState;
      return;
    }
    const configured = options.redisUrl !== undefined ? options.redisUrl : redisTargetFromVars(process.env);
    // The build writes the prerendered files itself and must not depend on Redis being up.
    const redisUrl = isBuildPhase() ? null : configured;
    this.state = processState(ctx, {
      redisUrl,
      instance: options.instance ?? "",
      log: options.log ?? logLine("state"),
      buildId: options.buildId,
    });
    if (options === NO_OPTIONS) defaultState = this.state;
  }

  async get(key, ctx = {}) {
    const asked = Date.now();
    const entry = await this.lookup(key, ctx, asked);
    // A miss or a stale entry makes Next render; what it then stores is dated from here.
    const revalidate = entry?.cacheControl?.revalidate ?? ctx.revalidate ?? entry?.value?.revalidate;
    const stale =
      entry !== null && typeof revalidate === "number" && asked - entry.lastModified > revalidate * 1000;
    if (entry === null || stale) this.state.renderStarts.note(key, asked);
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
      return judgeEntry(this.state.tags, record, ctx, now);
    }
    const notFound = this.state.notFound.get(key);
    if (notFound) return judgeEntry(this.state.tags, notFound, ctx, now);
    if (!shared) return null;
    const checkpoint = shared.checkpoint();
    record = await shared.fetch(key, checkpoint);
    if (record === undefined) return null;
    memory.set(key, record);
    return judgeEntry(this.state.tags, record, ctx, now);
  }

  async set(key, data, ctx = {}) {
    const fetchCache = Boolean(ctx.fetchCache);
    const tags = fetchCache ? (ctx.tags ?? []) : [];
    const record = {
      value: data,
      lastModified: this.state.renderStarts.take(key, Date.now()),
      cacheControl: fetchCache ? undefined : ctx.cacheControl,
      tags,
      allTags: entryTags(data, tags),
      version: newVersion(),
    };
    const { memory, shared } = this.state;
    if (isNotFound(data) && !(await this.hasStoredPage(key))) {
      this.state.notFound.set(key, record);
      memory.delete(key);
      return;
    }
    this.state.notFound.delete(key);
    if (shared) shared.checked(record, shared.checkpoint());
    memory.set(key, record);
    if (shared) await shared.write(key, record);
  }

  async hasStoredPage(key) {
    const held = this.state.memory.peek(key);
    if (held && !isNotFound(held.value)) return true;
    return Boolean(this.state.shared && (await this.state.shared.exists(key)));
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === "string" ? [tags] : [...tags];
    if (list.length === 0) return;
    const now = Date.now();
    // As Next: with a profile the tag is stale now and expires after `expire`; without, it expires now.
    const mark = durations
      ? { stale: now, expired: durations.expire !== undefined ? now + durations.expire * 1000 : 0 }
      : { stale: 0, expired: now };
    for (const tag of list) this.state.tags.merge(tag, mark);
    const { shared } = this.state;
    if (shared && !(await shared.markTags(list, mark)))
      this.state.log(
        `Next cache: Redis is unreachable: ${list.join(", ")} revalidated on this instance now, on the others once Redis is back.`,
      );
  }

  resetRequestCache() {}
}

export async function closeNextCacheConnections() {
  const registry = nextCacheProcess().states;
  for (const state of registry.values()) {
    state.shared?.disconnect();
    state.closed = true;
  }
  registry.clear();
}
