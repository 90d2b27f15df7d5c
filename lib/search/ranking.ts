import type { Blog } from "../blog/model";
import type { Post } from "../blog/post";
import {
  FIELD_COUNT,
  FIELDS,
  fieldOf,
  frequencyOf,
  lowerBound,
  postOf,
  prefixRange,
  wordsWithin,
  type InvertedIndex,
} from "./inverted-index";
import { fuzzyDistance, MAX_QUERY_COST, planQuery } from "./query-plan";

// A title match says most about a post; keywords and authors are chosen labels; the description is prose.
const BOOST: Record<(typeof FIELDS)[number], number> = { title: 4, keywords: 2, authors: 2, description: 1 };
const FIELD_BOOST = Float64Array.from(FIELDS, (f) => BOOST[f]);

export type SearchHit = {
  post: Post;
  score: number;
  matchedTerms: ReadonlySet<string>;
};

export type SearchOutcome = {
  /** The best `limit` matches, best first, of `total`. */
  hits: SearchHit[];
  total: number;
  /** "some": nothing matched every word, so posts matching any are shown. */
  matched: "all" | "some";
};

// BM25 per field with its boost (d is a floor, so a match in a long description counts); prefix and
// typo matches count less, the further the less; a post's sum × the query words it matched.
// MiniSearch's default constants, which the ranking tests assume.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** The indexed words a query term stands for: [position in the vocabulary, weight]. */
function expand(
  index: InvertedIndex,
  term: string,
  prefix: boolean,
  fuzzy: number | false,
): [number, number][] {
  const { vocabulary, starts } = index;
  const words: [number, number][] = [];
  const [from, to] = prefix ? prefixRange(vocabulary, term) : [lowerBound(vocabulary, term), 0];
  if (vocabulary[from] === term) words.push([from, 1]);
  for (let w = from; w < to; w++) {
    const distance = vocabulary[w]!.length - term.length;
    if (distance > 0)
      words.push([w, (PREFIX_WEIGHT * vocabulary[w]!.length) / (vocabulary[w]!.length + 0.3 * distance)]);
  }
  if (fuzzy !== false) {
    // Closest first, then the commoner (the likelier meant), within the query's cost: a short
    // typo can be one edit from many common words.
    const near = wordsWithin(vocabulary, term, fuzzy)
      .filter(([w]) => !prefix || w < from || w >= to)
      .map(([w, distance]) => ({ w, distance, cost: starts[w + 1]! - starts[w]! }))
      .sort((a, b) => a.distance - b.distance || b.cost - a.cost);
    let spent = 0;
    for (const { w, distance, cost } of near) {
      if (spent > 0 && spent + cost > MAX_QUERY_COST) break;
      spent += cost;
      words.push([w, (FUZZY_WEIGHT * vocabulary[w]!.length) / (vocabulary[w]!.length + distance)]);
    }
  }
  return words;
}

/** Adds word `w`'s BM25 score × `weight` to each post it occurs in, marking it with `bit` (first time: `touched`). */
function scoreWord(
  index: InvertedIndex,
  w: number,
  weight: number,
  scores: Float64Array,
  matched: Uint32Array,
  bit: number,
  touched: number[],
): void {
  const { postings, starts, fieldLengths, averageFieldLengths, documentCount } = index;
  const from = starts[w]!;
  const to = starts[w + 1]!;
  const postsWith = new Float64Array(FIELD_COUNT);
  for (let i = from; i < to; i++) postsWith[fieldOf(postings[i]!)]!++;
  const { k, b, d } = BM25;
  // Per field, what does not depend on the post: weight × boost × rarity, and the length's factor.
  const factor = new Float64Array(FIELD_COUNT);
  const perLength = new Float64Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const n = postsWith[f]!;
    factor[f] = weight * FIELD_BOOST[f]! * Math.log(1 + (documentCount - n + 0.5) / (n + 0.5));
    perLength[f] = (k * b) / averageFieldLengths[f]!;
  }
  const floor = k * (1 - b);
  for (let i = from; i < to; i++) {
    const p = postings[i]!;
    const post = postOf(p);
    const field = fieldOf(p);
    const tf = frequencyOf(p);
    const length = fieldLengths[post * FIELD_COUNT + field]!;
    scores[post]! += factor[field]! * (d + (tf * (k + 1)) / (tf + floor + perLength[field]! * length));
    if (matched[post] === 0) touched.push(post);
    matched[post]! |= bit;
  }
}

const bitCount = (n: number) => {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
};

/** Bits of a Uint32; parseSearchQuery gives at most 8 terms. */
const MAX_RANKED_TERMS = 32;

export function rankPosts(
  index: InvertedIndex,
  blog: Blog,
  queryTerms: readonly string[],
  limit = Infinity,
): SearchOutcome {
  if (blog.posts.length !== index.documentCount)
    throw new Error("this search index was built from another copy of the blog");
  const { terms, prefix, fuzzy } = planQuery(index, [...new Set(queryTerms)].slice(0, MAX_RANKED_TERMS));
  const n = index.documentCount;
  const scores = new Float64Array(n);
  const matched = new Uint32Array(n);
  // The posts any word matched: what is looked at next, rather than every post of the blog.
  const touched: number[] = [];
  const words: number[] = [];
  terms.forEach((term, t) => {
    for (const [w, weight] of expand(index, term, prefix.has(term), fuzzy.has(term) && fuzzyDistance(term))) {
      scoreWord(index, w, weight, scores, matched, 1 << t, touched);
      words.push(w);
    }
  });
  // Posts matching every word; only when there are none, posts matching any.
  const every = terms.length === 32 ? 0xffffffff : (1 << terms.length) - 1;
  let candidates = touched.filter((post) => matched[post] === every);
  let outcome: SearchOutcome["matched"] = "all";
  if (candidates.length === 0 && terms.length > 1) {
    candidates = touched;
    outcome = "some";
  }
  for (const post of candidates) scores[post]! *= bitCount(matched[post]!);
  const total = candidates.length;
  candidates = best(candidates, scores, limit);

  // Which words each hit matched, for highlighting: one pass over the words' postings, as scoring did.
  const matchedWords = candidates.map(() => new Set<string>());
  const shown = new Map(candidates.map((post, at) => [post, at]));
  const { postings, starts, vocabulary } = index;
  for (const w of new Set(words))
    for (let i = starts[w]!; i < starts[w + 1]!; i++) {
      const at = shown.get(postOf(postings[i]!));
      if (at !== undefined) matchedWords[at]!.add(vocabulary[w]!);
    }
  return {
    hits: candidates.map((post, i) => ({
      post: blog.posts[post]!,
      score: scores[post]!,
      matchedTerms: matchedWords[i]!,
    })),
    total,
    matched: outcome,
  };
}

/** The `limit` best of `posts`, best first; equal scores in post order (newest first). */
function best(posts: number[], scores: Float64Array, limit: number): number[] {
  const before = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (limit * 4 >= posts.length) return posts.sort(before).slice(0, limit);
  // A heap of the best so far, the worst on top: each post is compared with it once.
  const heap: number[] = [];
  const worse = (i: number, j: number) => before(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const post of posts) {
    if (heap.length < limit) {
      heap.push(post);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
      continue;
    }
    if (before(post, heap[0]!) >= 0) continue;
    heap[0] = post;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && worse(l, top)) top = l;
      if (r < heap.length && worse(r, top)) top = r;
      if (top === i) break;
      swap(i, top);
      i = top;
    }
  }
  return heap.sort(before);
}
