import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { syntheticBlog } from "@/tests/helpers/search-corpus";
import { POSTS_PER_PAGE } from "@/lib/blog/paths";
import { buildSearchIndex, type SearchIndex } from "@/lib/search/engine";
import { rankPosts } from "@/lib/search/ranking";
import { prefixRange, wordsWithin } from "@/lib/search/inverted-index";
import { parseSearchQuery } from "@/lib/search/query";
import { searchPage } from "@/lib/search/results";

/*
 * The index's own lookups (inverted-index.ts) against plain definitions, and ranking a page
 * of results against ranking every match.
 */

/** Edit distance (insertions, deletions, substitutions), the textbook way. */
function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const word = fc.string({ unit: fc.constantFrom(..."abcde+é"), minLength: 1, maxLength: 7 });
const vocabularyOf = (words: string[]) => [...new Set(words)].sort();

describe("search index lookups", () => {
  it("finds exactly the words within the distance, the word itself left out (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 60 }),
        word,
        fc.integer({ min: 1, max: 2 }),
        (words, term, max) => {
          const vocabulary = vocabularyOf(words);
          const expected = vocabulary
            .map((w, i): [number, number] => [i, levenshtein(w, term)])
            .filter(([, d]) => d > 0 && d <= max);
          expect(wordsWithin(vocabulary, term, max)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds typos in a large vocabulary", async () => {
    const index = await buildSearchIndex(syntheticBlog(2_000).posts);
    const near = wordsWithin(index.vocabulary, "statc", 1).map(([i]) => index.vocabulary[i]);
    expect(near).toContain("static");
    for (const w of near) expect(levenshtein(w!, "statc")).toBe(1);
  });

  it("gives the run of words starting with a prefix (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), word, (words, prefix) => {
        const vocabulary = vocabularyOf(words);
        const [from, to] = prefixRange(vocabulary, prefix);
        expect(vocabulary.slice(from, to)).toEqual(vocabulary.filter((w) => w.startsWith(prefix)));
      }),
    );
  });
});

describe("ranking a page of results", () => {
  const blog = syntheticBlog(3_000);
  let index: SearchIndex;
  beforeAll(async () => {
    index = await buildSearchIndex(blog.posts);
  });
  const terms = (q: string) => {
    const parsed = parseSearchQuery(q);
    if (parsed.kind !== "ok") throw new Error(q);
    return parsed.terms;
  };

  it.each(["grace", "remote work", "statc blg", "cach", "how we run design critiques", "engineering"])(
    "the best hits of %s are the first of all the hits, with the same total",
    (q) => {
      const all = rankPosts(index, blog, terms(q));
      expect(all.total).toBe(all.hits.length);
      expect(all.total).toBeGreaterThan(POSTS_PER_PAGE);
      for (const limit of [1, POSTS_PER_PAGE, 3 * POSTS_PER_PAGE]) {
        const top = rankPosts(index, blog, terms(q), limit);
        expect(top.total).toBe(all.total);
        expect(top.matched).toBe(all.matched);
        expect(top.hits.map((h) => [h.post.slug, h.score, [...h.matchedTerms].sort()])).toEqual(
          all.hits.slice(0, limit).map((h) => [h.post.slug, h.score, [...h.matchedTerms].sort()]),
        );
      }
      for (let i = 1; i < all.hits.length; i++)
        expect(all.hits[i - 1]!.score).toBeGreaterThanOrEqual(all.hits[i]!.score);
    },
  );

  it("a results page shows its slice of every match and counts them all", async () => {
    const query = parseSearchQuery("remote work");
    const all = rankPosts(index, blog, terms("remote work"));
    const page = await searchPage(blog, query, 3);
    if (page?.kind !== "results") throw new Error(`no results: ${page?.kind}`);
    expect(page.total).toBe(all.total);
    expect(page.pages).toBe(Math.ceil(all.total / POSTS_PER_PAGE));
    expect(page.hits.map((h) => h.post.slug)).toEqual(
      all.hits.slice(2 * POSTS_PER_PAGE, 3 * POSTS_PER_PAGE).map((h) => h.post.slug),
    );
    expect(await searchPage(blog, query, page.pages + 1)).toBeNull();
  });

  it("refuses an index built from another copy of the blog", () => {
    expect(() => rankPosts(index, syntheticBlog(10), ["grace"])).toThrow(/another copy/);
  });
});
