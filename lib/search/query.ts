import { normalizeTerm, tokenize } from "./text";

// What a reader typed, bounded so that no query, however long or strange, costs more than a short one.

export const MAX_QUERY_CHARS = 200;
export const MAX_TERMS = 8;
/** Longer words are not real words; keeping them short keeps fuzzy matching cheap. */
export const MAX_TERM_CHARS = 40;

export type SearchQuery =
  | { kind: "empty" }
  | { kind: "too_long"; length: number; shown: string }
  | {
      kind: "ok";
      /** The query as shown back to the reader (cleaned, not escaped: React escapes it). */
      text: string;
      /** Normalised, distinct words, at most MAX_TERMS; `droppedTerms` left out. */
      terms: string[];
      droppedTerms: number;
    };

/** The first value when a parameter is repeated (?q=a&q=b). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have how i in is it its of on or our that the this to was we what when where which who why with you your".split(
    " ",
  ),
);

/** Control and format characters (NUL, bidi overrides, zero-width joiners) become spaces. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]+/gu;

export function parseSearchQuery(raw: string | undefined): SearchQuery {
  const whole = raw ?? "";
  // Normalising a huge string is itself work: look at a bounded prefix only.
  const input = whole.slice(0, MAX_QUERY_CHARS * 4);
  const text = input.normalize("NFKC").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
  const length = whole.length > input.length ? whole.length : [...text].length;
  if (!text) return { kind: "empty" };
  if (length > MAX_QUERY_CHARS) {
    return { kind: "too_long", length, shown: [...text].slice(0, MAX_QUERY_CHARS).join("") };
  }
  const words: string[] = [];
  for (const word of tokenize(text)) {
    const term = normalizeTerm(word.slice(0, MAX_TERM_CHARS));
    if (term && !words.includes(term)) words.push(term);
  }
  if (words.length === 0) return { kind: "empty" };
  // "how we run design critiques" searches "run design critiques": the little words are in
  // nearly every post, so they would only slow the search and blur the ranking. A query of
  // nothing but little words ("the who") is searched as typed.
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  const distinct = meaningful.length > 0 ? meaningful : words;
  return {
    kind: "ok",
    text,
    terms: distinct.slice(0, MAX_TERMS),
    droppedTerms: Math.max(0, distinct.length - MAX_TERMS),
  };
}

/** ?page=N: a plain positive integer, else null (the page answers 404, like /blog/page/N). */
export function parseSearchPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
