import MiniSearch, { type SearchResult } from "minisearch";
import type { Blog, Post } from "../blog/model";
import { blogDerived } from "../blog/derived";
import { normalizeTerm, tokenize } from "./text";

/*
 * Full-text search over the blog the pages already hold (no I/O here: the index is built from
 * the Blog object that lib/blog/source.ts loads). MiniSearch is an in-memory inverted index
 * with BM25 ranking, prefix and fuzzy matching; docs/architecture.md ("Search") says why
 * this library.
 *
 * One index per copy of the blog, derived from the blog store's copy (lib/blog/derived.ts): a
 * refetch produces a new copy, so the next search gets an index of the new posts, and the old
 * index is collected with the old copy; search never decides freshness itself. Building yields to the event loop every few hundred posts, so other requests keep being
 * served while a large blog is indexed; concurrent searches wait on the same build.
 * Nothing is shared across instances: each indexes the blog it renders pages from, so search
 * and pages always agree.
 */

type IndexedPost = { id: string; title: string; description: string; keywords: string; authors: string };
export type SearchIndex = {
  mini: MiniSearch<IndexedPost>;
  /** Every indexed word, sorted: tells a typo (in no post) from a word the blog uses. */
  vocabulary: string[];
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
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocabulary[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  const next = vocabulary[lo];
  return next !== undefined && (next === term || (prefixSearch(term) && next.startsWith(term)));
}

function newIndex(): { mini: MiniSearch<IndexedPost>; words: Set<string> } {
  const words = new Set<string>();
  const mini = new MiniSearch<IndexedPost>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize,
    // Called with the field name while indexing: collects the vocabulary on the way.
    processTerm: (term, field) => {
      const t = normalizeTerm(term);
      if (t && typeof field === "string") words.add(t);
      return t;
    },
  });
  return { mini, words };
}

const sortedVocabulary = (words: Set<string>) => [...words].sort();

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
  return { mini, vocabulary: sortedVocabulary(words) };
}

async function buildSearchIndexAsync(posts: readonly Post[]): Promise<SearchIndex> {
  const { mini, words } = newIndex();
  await mini.addAllAsync(posts.map(documentOf), { chunkSize: BUILD_CHUNK });
  return { mini, vocabulary: sortedVocabulary(words) };
}

/** The index of this copy of the blog: built on first use, shared by concurrent searches. */
export function searchIndexFor(blog: Blog): Promise<SearchIndex> {
  return blogDerived(blog, "searchIndex", (b) => buildSearchIndexAsync(b.posts));
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

/** Ranks the blog's posts for already-parsed terms (see query.ts). */
export async function searchPosts(blog: Blog, terms: readonly string[]): Promise<SearchOutcome> {
  if (terms.length === 0) return { hits: [], matched: "all" };
  return rankPosts(await searchIndexFor(blog), blog, terms);
}

/** The ranking itself, on a ready index (synchronous: what the bench times). */
export function rankPosts(index: SearchIndex, blog: Blog, terms: readonly string[]): SearchOutcome {
  if (terms.length === 0) return { hits: [], matched: "all" };
  const run = (combineWith: "AND" | "OR") =>
    index.mini.search(terms.join(" "), {
      boost: BOOST,
      prefix: prefixSearch,
      fuzzy: (term) => (inVocabulary(index.vocabulary, term) ? false : fuzzyDistance(term)),
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
