import { processMemo } from "../memo/process-memo.mjs";

export const ENTRY_KINDS = Object.freeze({ APP_PAGE: "APP_PAGE", APP_ROUTE: "APP_ROUTE", FETCH: "FETCH" });
const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";

// Per tag, as Next's tag manifest: when it was marked stale and when it expires (epoch ms), kept in
// this process so judging an entry is a few Map lookups; with Redis, shared.mjs keeps it current.

/** The handlers' states (cache-handler.mjs) and who else hears revalidations (the blog store). */
export const nextCacheProcess = () =>
  processMemo("nextCache", () => ({ states: new Map(), listeners: new Set() }));
const listeners = () => nextCacheProcess().listeners;

/** Heard here or from another instance, the moment the pages tagged with it go stale. */
export function onTagRevalidated(listener) {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export class TagMarks {
  constructor() {
    this.marks = new Map();
  }

  /** Forward only: a late or repeated message changes nothing. */
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
   * "fresh", "stale" (served once more while Next regenerates) or "expired" (a miss). An entry dated
   * in a revalidation's millisecond counts as older: being wrong costs one more regeneration.
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

export function entryTags(value, storedTags) {
  const header = value && value.headers ? value.headers[NEXT_CACHE_TAGS_HEADER] : undefined;
  const fromHeader = typeof header === "string" && header ? header.split(",") : [];
  return storedTags && storedTags.length ? [...new Set([...storedTags, ...fromHeader])] : fromHeader;
}

/**
 * The interface says "stale" only through lastModified, so a stale entry is returned dated past its
 * revalidate interval; a stale fetch entry is a miss, so the regeneration fetches fresh data.
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

// An entry is dated from the get() that started its render: a revalidation landing during the
// render is newer than the data it used, so it must leave the entry stale.
const RENDER_WINDOW_MS = 30_000;
const MAX_RENDER_STARTS = 10_000;

export class RenderStarts {
  constructor() {
    this.starts = new Map();
  }

  note(key, at) {
    const known = this.starts.get(key);
    if (known !== undefined && at - known < RENDER_WINDOW_MS) return; // the render already under way
    this.starts.delete(key);
    this.starts.set(key, at);
    if (this.starts.size > MAX_RENDER_STARTS) this.starts.delete(this.starts.keys().next().value);
  }

  take(key, now) {
    const at = this.starts.get(key);
    this.starts.delete(key);
    return at !== undefined && now - at < RENDER_WINDOW_MS && at <= now ? at : now;
  }
}
