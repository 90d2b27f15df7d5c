import { processMemo } from "../memo/process-memo.mjs";

/** The kinds of entries Next hands a cache handler that the handler tells apart. */
export const ENTRY_KINDS = Object.freeze({ APP_PAGE: "APP_PAGE", APP_ROUTE: "APP_ROUTE", FETCH: "FETCH" });
/** The header under which Next stores a page's or route's cache tags in its entry. */
const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";

/*
 * When each cache tag was last revalidated, kept in this process so that judging an entry is a
 * few Map lookups. Next's own tag-manifest semantics: per tag, when it was marked stale and when
 * it expires (epoch ms). With Redis the marks are shared (shared.mjs keeps this copy current).
 */

/** The cache's part of the process (lib/memo): the handlers' states (cache-handler.mjs), and who else hears tag revalidations (the blog store). */
export const nextCacheProcess = () =>
  processMemo("nextCache", () => ({ states: new Map(), listeners: new Set() }));
const listeners = () => nextCacheProcess().listeners;

/**
 * Calls `listener(tag, at)` whenever a tag's data goes out of date at `at` (epoch ms) in this
 * process: revalidated here, or heard from another instance through Redis (shared.mjs), the same
 * moment the pages tagged with it go stale. Returns a function that stops it.
 * @param {(tag: string, at: number) => void} listener
 */
export function onTagRevalidated(listener) {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export class TagMarks {
  constructor() {
    /** tag -> { stale, expired } */
    this.marks = new Map();
  }

  /** Moves a tag's marks forward, never back (a late or repeated message changes nothing). */
  merge(tag, mark) {
    const known = this.marks.get(tag);
    const stale = Math.max(known?.stale ?? 0, Number(mark.stale) || 0);
    const expired = Math.max(known?.expired ?? 0, Number(mark.expired) || 0);
    if (known && known.stale === stale && known.expired === expired) return;
    this.marks.set(tag, { stale, expired });
    // A profile's expiry lies ahead: the data went out of date when the tag was marked stale.
    const at = Math.max(stale, expired <= Date.now() ? expired : 0);
    if (at > 0) for (const listener of listeners()) listener(tag, at);
  }

  /**
   * "fresh", "stale" (served once more while Next regenerates it) or "expired" (a miss) for an
   * entry with these tags written at `lastModified`. An entry dated in the same millisecond as a
   * revalidation counts as older: its render may have read the data the revalidation replaced,
   * and the cost of being wrong is one more regeneration, not a stale page kept until the next
   * interval.
   */
  judge(tags, lastModified, now) {
    let verdict = "fresh";
    for (const tag of tags) {
      const mark = this.marks.get(tag);
      if (mark === undefined) continue;
      if (mark.expired && mark.expired <= now && mark.expired >= lastModified) return "expired";
      if (mark.stale >= lastModified) verdict = "stale";
    }
    return verdict;
  }
}

/** The tags an entry answers to: those stored with it and those Next put in its headers. */
export function entryTags(value, storedTags) {
  const header = value && value.headers ? value.headers[NEXT_CACHE_TAGS_HEADER] : undefined;
  const fromHeader = typeof header === "string" && header ? header.split(",") : [];
  return storedTags && storedTags.length ? [...new Set([...storedTags, ...fromHeader])] : fromHeader;
}

/**
 * Applies tag marks to a stored record: fresh as stored, stale (served once more), or a miss
 * (null). The contract's only way to say "stale" is lastModified, so a stale entry is returned
 * with lastModified moved back past its revalidate interval; a stale fetch entry is a miss, so
 * the regeneration fetches fresh data instead of the stale copy.
 */
export function judgeEntry(marks, record, ctx, now) {
  const { value, lastModified, cacheControl } = record;
  const tags =
    ctx.kind === ENTRY_KINDS.FETCH
      ? [...record.allTags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])]
      : record.allTags;
  const verdict = marks.judge(tags, lastModified, now);
  if (verdict === "expired") return null;
  const entry = { value, lastModified, ...(cacheControl ? { cacheControl } : {}) };
  if (verdict === "fresh") return entry;
  if (value && value.kind === ENTRY_KINDS.FETCH) return null;
  const revalidate = cacheControl?.revalidate;
  if (typeof revalidate !== "number") return null;
  const staleSince = now - revalidate * 1000 - 1;
  const expire = cacheControl.expire;
  // Past its expire time Next would block on a render; then a miss says the same honestly.
  if (typeof expire === "number" && now - expire * 1000 >= staleSince) return null;
  return { ...entry, lastModified: Math.min(lastModified, staleSince) };
}

/*
 * An entry is dated from the get() that started its render, not from when it is stored: a tag
 * revalidation that lands during the render (here, or on another instance) is newer than the
 * data the render used, so it must leave the entry stale. Kept per key for one render window,
 * bounded in count.
 */
const RENDER_WINDOW_MS = 30_000;
const MAX_RENDER_STARTS = 10_000;

export class RenderStarts {
  constructor() {
    /** key -> when the get() that started its render asked */
    this.starts = new Map();
  }

  note(key, at) {
    const known = this.starts.get(key);
    if (known !== undefined && at - known < RENDER_WINDOW_MS) return; // the render already under way
    this.starts.delete(key);
    this.starts.set(key, at);
    if (this.starts.size > MAX_RENDER_STARTS) this.starts.delete(this.starts.keys().next().value);
  }

  /** When the render that produced what is stored now started (now, if unknown). */
  take(key, now) {
    const at = this.starts.get(key);
    this.starts.delete(key);
    return at !== undefined && now - at < RENDER_WINDOW_MS && at <= now ? at : now;
  }
}
