import MiniSearch, { type SearchResult } from "minisearch";
import type { Blog, Post } from "../blog/model";
import { blogDerived, warmWith } from "../blog/derived";
import { processMemo } from "../memo/process-memo.mjs";
import type { ChargeRanking } from "./budget";
import { normalizeTerm, tokenize } from "./text";

/*
 * Full-text search over the blog the pages already hold (no I/O here: the index is built from
 * the Blog object that lib/blog/source.ts loads). MiniSearch is an in-memory inverted index
 * with BM25 ranking, prefix and fuzzy matching; docs/architecture.md ("Search") says why
 * this library.
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

type IndexedPost = { id: string; title: string; description: string; keywords: string; authors: string };
export type SearchIndex = {
  mini: MiniSearch<IndexedPost>;
  /** Every indexed word, sorted: tells a typo (in no post) from a word the blog uses. */
  vocabulary: string[];
  /**
   * Running totals of how often each vocabulary word was indexed (`occurrences[i]` counts the
   * words before `vocabulary[i]`): what scoring a word, or every word with a prefix, costs.
   */
  occurrences: Uint32Array;
};

const FIELDS = ["title", "keywords", "authors", "description"] as const;
/** A title match says most about a post; keywords and authors are chosen labels; the description is prose. */
const BOOST = { title: 4, keywords: 2, authors: 2, description: 1 };
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

/** The first position whose word is not below `term`. */
function lowerBound(vocabulary: readonly string[], term: string): number {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocabulary[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/*
 * A bounded cost per query. Scoring visits every indexed occurrence of every word a term
 * matches (measured at 3-7 µs each on a busy two-core machine), so a few short prefixes ("kal lom mis …") can expand to thousands of words and
 * most of a large blog: over a second of one core at 10,000 posts. Before searching, each
 * term's cost is read from the vocabulary's running totals (two binary searches); while the
 * whole query costs more than MAX_QUERY_COST, the widest prefix expansion is narrowed to the
 * word itself, then the most common word is left out (it says least about which post is
 * meant); at least one word is always searched. Typo tolerance applies to at most
 * MAX_FUZZY_TERMS words, those not in the blog at all.
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

/** Each word a prefix expands to costs a lookup and a result set of its own, besides its occurrences. */
const EXPANDED_WORD_COST = 4;

/** What scoring `term` costs alone, and together with every word starting with it. */
function termCost(index: SearchIndex, term: string): { exact: number; withPrefix: number } {
  const { vocabulary, occurrences } = index;
  const lo = lowerBound(vocabulary, term);
  const exact = vocabulary[lo] === term ? occurrences[lo + 1]! - occurrences[lo]! : 0;
  const hi = lowerBound(vocabulary, `${term}\uffff`);
  return { exact, withPrefix: occurrences[hi]! - occurrences[lo]! + EXPANDED_WORD_COST * (hi - lo) };
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

function newIndex(): { mini: MiniSearch<IndexedPost>; words: Map<string, number> } {
  const words = new Map<string, number>();
  const mini = new MiniSearch<IndexedPost>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize,
    // Called with the field name while indexing: collects the vocabulary on the way.
    processTerm: (term, field) => {
      const t = normalizeTerm(term);
      if (t && typeof field === "string") words.set(t, (words.get(t) ?? 0) + 1);
      return t;
    },
  });
  return { mini, words };
}

function finish(mini: MiniSearch<IndexedPost>, words: Map<string, number>): SearchIndex {
  const vocabulary = [...words.keys()].sort();
  const occurrences = new Uint32Array(vocabulary.length + 1);
  vocabulary.forEach((w, i) => (occurrences[i + 1] = occurrences[i]! + words.get(w)!));
  return { mini, vocabulary, occurrences };
}

function documentOf(p: Post): IndexedPost {
  return {
    id: p.slug,
    title: p.title,
    description: p.description,
    keywords: p.keywords.map((k) => k.label).join(" · "),
    authors: p.authors.map((a) => a.name).join(" · "),
  };
}

/** Builds in one go (tests, the bench's measure of the library's cost). */
export function buildSearchIndex(posts: readonly Post[]): SearchIndex {
  const { mini, words } = newIndex();
  mini.addAll(posts.map(documentOf));
  return finish(mini, words);
}

async function buildSearchIndexAsync(posts: readonly Post[]): Promise<SearchIndex> {
  const { mini, words } = newIndex();
  // A chunk's documents at a time (not the whole blog's at once), yielding to the event loop between chunks.
  for (let i = 0; i < posts.length; i += BUILD_CHUNK) {
    mini.addAll(posts.slice(i, i + BUILD_CHUNK).map(documentOf));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return finish(mini, words);
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
  hits: SearchHit[];
  /** "all": every word matched; "some": nothing matched every word, so posts matching any are shown. */
  matched: "all" | "some";
};

/**
 * Ranks the blog's posts for already-parsed terms (see query.ts), telling `charge` how long the
 * ranking took (the site-wide budget's `run` hands it over; budget.ts).
 */
export async function searchPosts(
  blog: Blog,
  terms: readonly string[],
  charge: ChargeRanking,
): Promise<SearchOutcome> {
  if (terms.length === 0) return { hits: [], matched: "all" };
  const ready = await readyIndex(blog);
  const started = performance.now();
  try {
    return rankPosts(ready.index, ready.blog, terms);
  } finally {
    charge(performance.now() - started);
  }
}

/** The ranking itself, on a ready index (synchronous: what the bench times). */
export function rankPosts(index: SearchIndex, blog: Blog, queryTerms: readonly string[]): SearchOutcome {
  if (queryTerms.length === 0) return { hits: [], matched: "all" };
  const { terms, prefix, fuzzy } = planQuery(index, queryTerms);
  const run = (combineWith: "AND" | "OR") =>
    index.mini.search(terms.join(" "), {
      boost: BOOST,
      prefix: (term) => prefix.has(term),
      fuzzy: (term) => (fuzzy.has(term) ? fuzzyDistance(term) : false),
      combineWith,
      // The terms are already normalised: split them as they are, nothing more.
      tokenize: (text) => text.split(" "),
      processTerm: (term) => term,
    });
  let results: SearchResult[] = run("AND");
  let matched: SearchOutcome["matched"] = "all";
  if (results.length === 0 && terms.length > 1) {
    results = run("OR");
    matched = "some";
  }
  const hits: SearchHit[] = [];
  for (const r of results) {
    const post = blog.bySlug.get(r.id as string);
    if (post) hits.push({ post, score: r.score, matchedTerms: new Set(r.terms) });
  }
  return { hits, matched };
}
