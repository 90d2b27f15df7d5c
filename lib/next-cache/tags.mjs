/*
 * When each cache tag was last revalidated, kept in this process so that judging an entry is a
 * few Map lookups. Next's own tag-manifest semantics: per tag, when it was marked stale and when
 * it expires (epoch ms). With Redis the marks are shared (shared.mjs keeps this copy current).
 */

export const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";

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
    if (!known || known.stale !== stale || known.expired !== expired) this.marks.set(tag, { stale, expired });
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

  /**
   * When `tag` was last revalidated (0 if never). An expiry still in the future
   * (revalidateTag(tag, "max") sets it a year ahead) is not a revalidation yet: counting it
   * would make every copy look outdated until then.
   */
  revalidatedAt(tag, now) {
    const mark = this.marks.get(tag);
    if (!mark) return 0;
    return Math.max(mark.stale, mark.expired <= now ? mark.expired : 0);
  }
}

/** The tags an entry answers to: those stored with it and those Next put in its headers. */
export function entryTags(value, storedTags) {
  const header = value && value.headers ? value.headers[NEXT_CACHE_TAGS_HEADER] : undefined;
  const fromHeader = typeof header === "string" && header ? header.split(",") : [];
  return storedTags && storedTags.length ? [...new Set([...storedTags, ...fromHeader])] : fromHeader;
}
