import { createHash } from "node:crypto";
import { clean } from "./text";

// Keyword slugs (/tags/<slug>): ASCII, lowercase, distinct for keywords readers tell apart, stable.

/** Symbols that carry meaning in keywords ("C++" is not "C"). */
const SYMBOL_WORDS: Record<string, string> = {
  "+": " plus ",
  "#": " sharp ",
  "&": " and ",
  "@": " at ",
  "%": " percent ",
};

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 6);
}

/** "C++" → "c-plus-plus"; a hash when nothing ASCII is left. */
export function keywordBaseSlug(keyword: string): string {
  const spelled = keyword
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[+#&@%]/g, (ch) => SYMBOL_WORDS[ch] ?? " ")
    .toLowerCase();
  const slug = spelled
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || `tag-${shortHash(keyword.toLowerCase())}`;
}

/** Keywords are the same tag when they differ only in case and spacing. */
export const keywordKey = (keyword: string) => clean(keyword).toLowerCase();

/** Of two keywords sharing a base slug the oldest keeps it, the other gets a suffix from its own text. */
export function assignKeywordSlugs(keysOldestFirst: string[]): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keysOldestFirst) {
    if (result.has(key)) continue;
    const base = keywordBaseSlug(key);
    let slug = base;
    if (taken.has(slug)) slug = `${base}-${shortHash(key)}`;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${shortHash(key)}-${n}`;
    taken.add(slug);
    result.set(key, slug);
  }
  return result;
}
