import MiniSearch, { type SearchResult } from "minisearch";
import type { Blog, Post } from "../blog/model";
import { normalizeTerm, tokenize } from "./text";

/*
 * Full-text search over the blog the pages already hold (no I/O here: the index is built from
 * the Blog object that lib/blog/source.ts loads). MiniSearch is an in-memory inverted index
 * with BM25 ranking, prefix and fuzzy matching; see README "Search" for why this library.
 *
 * One index per Blog object: a WeakMap keyed by the object itself, so a revalidation (which
 * produces a new Blog) gets a fresh index on the next search, and the old one is collected
 * with the old Blog. Nothing is shared across processes: each instance indexes the blog it
 * renders pages from, so search and pages always agree.
 */

type IndexedPost = { id: string; title: string; description: string; keywords: string; authors: string };

const FIELDS = ["title", "keywords", "authors", "description"] as const;
/** A title match says most about a post; keywords and authors are chosen labels; the description is prose. */
const BOOST = { title: 4, keywords: 2, authors: 2, description: 1 };

/**
 * Typo tolerance grows with the word: none for 1-2 letters (too many neighbours), one edit for
 * 3-5 letters ("blg" → "blog", "statc" → "static"), two for longer words.
 */
export function fuzzyDistance(term: string): number | false {
  if (term.length <= 2) return false;
  return term.length <= 5 ? 1 : 2;
}

export function buildSearchIndex(posts: readonly Post[]): MiniSearch<IndexedPost> {
  const index = new MiniSearch<IndexedPost>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize,
    processTerm: normalizeTerm,
  });
  index.addAll(
    posts.map((p) => ({
      id: p.slug,
      title: p.title,
      description: p.description,
      keywords: p.keywords.map((k) => k.label).join(" · "),
      authors: p.authors.map((a) => a.name).join(" · "),
    })),
  );
  return index;
}

const indexes = new WeakMap<Blog, MiniSearch<IndexedPost>>();

/** The index of this blog, built on first use (synchronously, so concurrent searches share it). */
export function searchIndexFor(blog: Blog): MiniSearch<IndexedPost> {
  let index = indexes.get(blog);
  if (!index) {
    index = buildSearchIndex(blog.posts);
    indexes.set(blog, index);
  }
  return index;
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
export function searchPosts(blog: Blog, terms: readonly string[]): SearchOutcome {
  if (terms.length === 0) return { hits: [], matched: "all" };
  const index = searchIndexFor(blog);
  const run = (combineWith: "AND" | "OR") =>
    index.search(terms.join(" "), {
      boost: BOOST,
      prefix: true,
      fuzzy: (term) => fuzzyDistance(term),
      combineWith,
      // The terms are already normalised; the query tokenizer must not split them differently.
      tokenize: (text) => text.split(" "),
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
