import { lowerBound, prefixRange, type InvertedIndex } from "./inverted-index";

/** Typo tolerance grows with the word: none for 1-2 letters (too many neighbours), one edit up to 7, then two. */
export function fuzzyDistance(term: string): number | false {
  if (term.length <= 2) return false;
  return term.length <= 7 ? 1 : 2;
}

/** "ux" is a word; "u" or "a" as a prefix would match most of the blog. */
const prefixSearch = (term: string) => term.length >= 3;

/** Whether the blog uses `term` as typed (or as a prefix): only other words get the costly typo lookup. */
export function inVocabulary(vocabulary: readonly string[], term: string): boolean {
  const next = vocabulary[lowerBound(vocabulary, term)];
  return next !== undefined && (next === term || (prefixSearch(term) && next.startsWith(term)));
}

// A bounded cost per query (a few short prefixes can expand to most of a large blog): while it costs
// more than MAX_QUERY_COST postings, the widest prefix is narrowed to the word, then the commonest
// word is left out (one always stays). At most MAX_FUZZY_TERMS words are looked up with typos.
export const MAX_QUERY_COST = 6_000;
export const MAX_FUZZY_TERMS = 2;

/** Each word a prefix expands to costs a lookup and a pass of its own, besides its postings. */
const EXPANDED_WORD_COST = 4;

/** What scoring `term` costs alone, and together with every word starting with it. */
function termCost(index: InvertedIndex, term: string): { exact: number; withPrefix: number } {
  const { vocabulary, starts } = index;
  const [lo, hi] = prefixRange(vocabulary, term);
  const exact = vocabulary[lo] === term ? starts[lo + 1]! - starts[lo]! : 0;
  return { exact, withPrefix: starts[hi]! - starts[lo]! + EXPANDED_WORD_COST * (hi - lo) };
}

export function planQuery(index: InvertedIndex, terms: readonly string[]) {
  const costs = new Map(terms.map((t) => [t, termCost(index, t)]));
  const kept = [...terms];
  const prefix = new Set(terms.filter(prefixSearch));
  const fuzzy = new Set(
    terms
      .filter((t) => fuzzyDistance(t) !== false && !inVocabulary(index.vocabulary, t))
      .slice(0, MAX_FUZZY_TERMS),
  );
  const cost = () =>
    kept.reduce((sum, t) => sum + (prefix.has(t) ? costs.get(t)!.withPrefix : costs.get(t)!.exact), 0);
  while (cost() > MAX_QUERY_COST) {
    const widest = [...prefix]
      .filter((t) => kept.includes(t))
      .sort((a, b) => costs.get(b)!.withPrefix - costs.get(a)!.withPrefix)[0];
    if (widest !== undefined && costs.get(widest)!.withPrefix > costs.get(widest)!.exact) {
      prefix.delete(widest);
      continue;
    }
    if (kept.length <= 1) break;
    const commonest = [...kept].sort((a, b) => costs.get(b)!.exact - costs.get(a)!.exact)[0]!;
    kept.splice(kept.indexOf(commonest), 1);
  }
  return { terms: kept, prefix, fuzzy };
}
