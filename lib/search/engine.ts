import type { Blog, Post } from "../blog/model";
import { blogDerived, warmWith } from "../blog/derived";
import { processMemo } from "../state/process-memo.mjs";
import type { ChargeRanking } from "./budget";
import {
  FIELD_COUNT,
  FIELDS,
  fieldOf,
  frequencyOf,
  IndexBuilder,
  lowerBound,
  postOf,
  prefixRange,
  wordsWithin,
  type InvertedIndex,
} from "./inverted-index";

/*
 * Full-text search over the blog the pages already hold (no I/O here: the index is built from
 * the Blog object that lib/blog/source.ts loads): an inverted index of our own on typed arrays
 * (inverted-index.ts) with BM25 ranking, prefix and typo matching; docs/architecture.md
 * ("Search") says why not a library.
 *
 * One index per copy of the blog, derived from the blog store's copy (lib/blog/derived.ts) and
 * built by the store in the background as soon as it has a copy (at start, and after each
 * refetch): a search finds it ready, or, while the next copy's is being built, is answered from
 * the previous copy's after INDEX_WAIT_MS; the old index is collected with its copy once
 * replaced; search never decides freshness itself. Building yields to the event loop every few
 * hundred posts, so other requests keep being served while a large blog is indexed.
 * Nothing is shared across instances: each indexes the blog it renders pages from, so search
 * and pages always agree.
 */

export type SearchIndex = InvertedIndex;

/** A title match says most about a post; keywords and authors are chosen labels; the description is prose. */
const BOOST: Record<(typeof FIELDS)[number], number> = { title: 4, keywords: 2, authors: 2, description: 1 };
const FIELD_BOOST = Float64Array.from(FIELDS, (f) => BOOST[f]);
const BUILD_CHUNK = 500;

/**
 * Typo tolerance grows with the word: none for 1-2 letters (too many neighbours), one edit up
 * to 7 letters ("blg" → "blog", "statc" → "static"), two for longer words.
 */
export function fuzzyDistance(term: string): number | false {
  if (term.length <= 2) return false;
  return term.length <= 7 ? 1 : 2;
}

/** "ux" is a word; "u" or "a" as a prefix would match most of the blog. */
const prefixSearch = (term: string) => term.length >= 3;

/**
 * Whether the blog uses `term` as it is typed (as a word, or as the start of one when prefix
 * search applies). Only words it does not use are looked up with typos: a fuzzy lookup is
 * most of a search's cost in a large index, and a word the blog uses is not a typo.
 */
export function inVocabulary(vocabulary: readonly string[], term: string): boolean {
  const next = vocabulary[lowerBound(vocabulary, term)];
  return next !== undefined && (next === term || (prefixSearch(term) && next.startsWith(term)));
}

/*
 * A bounded cost per query. Scoring visits every posting of every word a term matches, so a few
 * short prefixes ("kal lom mis …") can expand to thousands of words and most of a large blog.
 * Before searching, each term's cost is read from the postings' running totals (two binary
 * searches); while the whole query costs more than MAX_QUERY_COST postings, the widest prefix
 * expansion is narrowed to the word itself, then the most common word is left out (it says
 * least about which post is meant); at least one word is always searched (a word in every one
 * of 50,000 posts ranks in a few milliseconds). Typo tolerance applies to at most
 * MAX_FUZZY_TERMS words, those not in the blog at all, and each one's near words are scored
 * closest first up to MAX_QUERY_COST postings too.
 */
export const MAX_QUERY_COST = 6_000;
export const MAX_FUZZY_TERMS = 2;

export type QueryPlan = {
  terms: string[];
  /** Terms also matched as the start of longer words. */
  prefix: ReadonlySet<string>;
  /** Terms looked up with typos (in no indexed word). */
  fuzzy: ReadonlySet<string>;
  /** Terms left out to bound the cost. */
  omitted: string[];
};

/** Each word a prefix expands to costs a lookup and a pass of its own, besides its postings. */
const EXPANDED_WORD_COST = 4;

/** What scoring `term` costs alone, and together with every word starting with it. */
function termCost(index: SearchIndex, term: string): { exact: number; withPrefix: number } {
  const { vocabulary, starts } = index;
  const [lo, hi] = prefixRange(vocabulary, term);
  const exact = vocabulary[lo] === term ? starts[lo + 1]! - starts[lo]! : 0;
  return { exact, withPrefix: starts[hi]! - starts[lo]! + EXPANDED_WORD_COST * (hi - lo) };
}

export function planQuery(index: SearchIndex, terms: readonly string[]): QueryPlan {
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
  const omitted: string[] = [];
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
    omitted.push(commonest);
  }
  return { terms: kept, prefix, fuzzy, omitted };
}

function fieldsOf(p: Post): string[] {
  const text = {
    title: p.title,
    keywords: p.keywords.map((k) => k.label).join(" · "),
    authors: p.authors.map((a) => a.name).join(" · "),
    description: p.description,
  };
  return FIELDS.map((f) => text[f]);
}

/** Builds in one go (tests, the bench). */
export function buildSearchIndex(posts: readonly Post[]): SearchIndex {
  const builder = new IndexBuilder();
  for (const p of posts) builder.add(fieldsOf(p));
  return builder.finish();
}

async function buildSearchIndexAsync(posts: readonly Post[]): Promise<SearchIndex> {
  const builder = new IndexBuilder();
  // A chunk of posts at a time (not the whole blog at once), yielding to the event loop between chunks.
  for (let i = 0; i < posts.length; i += BUILD_CHUNK) {
    for (const p of posts.slice(i, i + BUILD_CHUNK)) builder.add(fieldsOf(p));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return builder.finish();
}

type Indexed = { blog: Blog; index: SearchIndex };
// Per process: the newest copy of the blog whose index is built, for searches while the next builds.
const lastIndexed = () =>
  processMemo<{ ready: Indexed | null }>("search.lastIndexed", () => ({ ready: null }));

function indexBlog(blog: Blog): Promise<SearchIndex> {
  return buildSearchIndexAsync(blog.posts).then((index) => {
    lastIndexed().ready = { blog, index };
    return index;
  });
}

/** The index of this copy of the blog: built once (by the blog store as soon as it has the copy), shared by every search. */
export function searchIndexFor(blog: Blog): Promise<SearchIndex> {
  return blogDerived(blog, "searchIndex", indexBlog);
}

/** Builds the index of every new copy of the blog in the background, before a search asks (instrumentation.ts). */
export function indexEachNewBlog(): void {
  warmWith("searchIndex", indexBlog);
}

/**
 * How long a search waits for the index of a copy of the blog that is still being built, when the
 * index of an earlier copy is ready: then it is answered from the earlier copy (a search is
 * rendered per request, never cached, so the next one finds the new index).
 */
export const INDEX_WAIT_MS = 50;

async function readyIndex(blog: Blog): Promise<Indexed> {
  const building = searchIndexFor(blog).then((index) => ({ blog, index }));
  const earlier = lastIndexed().ready;
  if (!earlier || earlier.blog === blog) return building;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<Indexed>(
    (resolve) => (timer = setTimeout(() => resolve(earlier), INDEX_WAIT_MS)),
  );
  try {
    return await Promise.race([building, waited]);
  } finally {
    clearTimeout(timer);
  }
}

export type SearchHit = {
  post: Post;
  score: number;
  /** Indexed words this post matched (normalised), for highlighting. */
  matchedTerms: ReadonlySet<string>;
};

export type SearchOutcome = {
  /** The best `limit` matches (all of them without a limit), best first. */
  hits: SearchHit[];
  /** How many posts matched in all. */
  total: number;
  /** "all": every word matched; "some": nothing matched every word, so posts matching any are shown. */
  matched: "all" | "some";
};

/**
 * Ranks the blog's posts for already-parsed terms (see query.ts), telling `charge` how long the
 * ranking took (the site-wide budget's `run` hands it over; budget.ts). Only the best `limit`
 * hits are made (a results page needs its page and the ones before it, and the total).
 */
export async function searchPosts(
  blog: Blog,
  terms: readonly string[],
  charge: ChargeRanking,
  limit = Infinity,
): Promise<SearchOutcome> {
  if (terms.length === 0) return { hits: [], total: 0, matched: "all" };
  const ready = await readyIndex(blog);
  const started = performance.now();
  try {
    return rankPosts(ready.index, ready.blog, terms, limit);
  } finally {
    charge(performance.now() - started);
  }
}

/*
 * BM25 per field, with the field's boost: a word's rarity in that field across the blog, how
 * often it occurs there, and the field's length against the average (d adds a floor, so a
 * match in a long description still counts). A word found as a prefix or with typos counts for
 * less than the word as typed, and less the further it is; a post's sum is multiplied by how
 * many of the query's words it matched. The constants are MiniSearch's defaults, which the
 * ranking tests were written against.
 */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** The indexed words a query term stands for: [position in the vocabulary, weight]. */
function expand(
  index: SearchIndex,
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
    // Closest first, the commoner of equally close words first (the likelier meant), and no
    // more than a query may cost: a short typo can be one edit from many common words.
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

/**
 * Adds word `w`'s BM25 score (× `weight`) to each post it occurs in, and marks those posts with
 * `bit`; a post marked for the first time joins `touched`.
 */
function scoreWord(
  index: SearchIndex,
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

/** The query terms a post can tell apart (bits of a Uint32); parseSearchQuery gives at most 8. */
const MAX_RANKED_TERMS = 32;

/** The ranking itself, on a ready index (synchronous: what the bench times). */
export function rankPosts(
  index: SearchIndex,
  blog: Blog,
  queryTerms: readonly string[],
  limit = Infinity,
): SearchOutcome {
  if (queryTerms.length === 0) return { hits: [], total: 0, matched: "all" };
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

  const matchedWords = candidates.map(() => new Set<string>());
  let shown: Map<number, number> | undefined;
  const positions = () => (shown ??= new Map(candidates.map((post, at) => [post, at])));
  for (const w of new Set(words)) wordIn(index, w, candidates, positions, matchedWords);
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

/**
 * Adds word `w` to the matched words of each of `posts` it occurs in, for highlighting: a
 * binary search of its postings (in post order) per post, or one pass over them when that is
 * cheaper (`positions` maps each post to its place in `posts`).
 */
function wordIn(
  index: SearchIndex,
  w: number,
  posts: number[],
  positions: () => Map<number, number>,
  matchedWords: Set<string>[],
): void {
  const { postings, starts, vocabulary } = index;
  const from = starts[w]!;
  const to = starts[w + 1]!;
  const word = vocabulary[w]!;
  if (posts.length * Math.log2(to - from + 1) < to - from) {
    posts.forEach((post, at) => {
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (postOf(postings[mid]!) < post) lo = mid + 1;
        else hi = mid;
      }
      if (lo < to && postOf(postings[lo]!) === post) matchedWords[at]!.add(word);
    });
    return;
  }
  const shown = positions();
  for (let i = from; i < to; i++) {
    const at = shown.get(postOf(postings[i]!));
    if (at !== undefined) matchedWords[at]!.add(word);
  }
}

/** The `limit` best of `posts`, best first; equal scores in post order (newest first). */
function best(posts: number[], scores: Float64Array, limit: number): number[] {
  const before = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (limit * 4 >= posts.length) return posts.sort(before).slice(0, limit);
  // A heap of the best so far, the worst of them on top: each post is compared with it once.
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
