import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBlog } from "@/lib/blog/model";
import { inVocabulary } from "@/lib/search/query-plan";
import { resolveMessages, translator } from "@/lib/i18n";
import {
  MAX_QUERY_CHARS,
  MAX_TERM_CHARS,
  MAX_TERMS,
  firstParam,
  parseSearchPage,
  parseSearchQuery,
} from "@/lib/search/query";
import { resultSummary, searchPage, searchPath } from "@/lib/search/results";
import { highlightSegments } from "@/lib/search/text";
import type { BlogPost } from "@/lib/workspace/types";

describe("parseSearchQuery", () => {
  it("cleans control characters, spacing and case, and keeps symbols that carry meaning", () => {
    const q = parseSearchQuery("  C++\u0000 \u202eRÉSUMÉ\t\n tips  ");
    expect(q).toEqual({
      kind: "ok",
      text: "C++ RÉSUMÉ tips",
      terms: ["c++", "resume", "tips"],
      droppedTerms: 0,
    });
  });

  it("leaves little words out of a query that has other words, and keeps a query of only little words", () => {
    const q = parseSearchQuery("How we run the design critiques");
    expect(q.kind === "ok" && q.terms).toEqual(["run", "design", "critiques"]);
    const only = parseSearchQuery("The Who");
    expect(only.kind === "ok" && only.terms).toEqual(["the", "who"]);
  });

  it("treats blank, punctuation-only and missing queries as empty", () => {
    for (const raw of [undefined, "", "   ", "\u0000\u0001", "?!.,;", "\u200b"])
      expect(parseSearchQuery(raw).kind, JSON.stringify(raw)).toBe("empty");
  });

  it("refuses queries over the length limit, saying how long they were", () => {
    expect(parseSearchQuery("a".repeat(MAX_QUERY_CHARS)).kind).toBe("ok");
    const q = parseSearchQuery("a".repeat(10_000));
    expect(q).toEqual({ kind: "too_long", length: 10_000, shown: "a".repeat(MAX_QUERY_CHARS) });
    expect(
      translator(resolveMessages("en"))("search.tooLong", { length: 10_000, max: MAX_QUERY_CHARS }),
    ).toBe("Your search is 10,000 characters long; searches can be up to 200. Try a few distinctive words.");
  });

  it("searches at most MAX_TERMS distinct words and says how many were left out", () => {
    const q = parseSearchQuery("one two two three four five six seven eight nine ten");
    expect(q.kind === "ok" && q.terms).toEqual([
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
    ]);
    expect(q.kind === "ok" && q.droppedTerms).toBe(2);
  });

  it("never throws and always stays within its bounds (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (raw) => {
        const q = parseSearchQuery(raw);
        if (q.kind !== "ok") return;
        expect(q.terms.length).toBeLessThanOrEqual(MAX_TERMS);
        expect([...q.text].length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        for (const t of q.terms) {
          expect(t.length).toBeGreaterThan(0);
          expect(t.length).toBeLessThanOrEqual(MAX_TERM_CHARS * 3); // folding can expand a little
          expect(t).not.toMatch(/[\p{Cc}\p{Cf}\s]/u);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("takes the first of repeated parameters and only plain page numbers", () => {
    expect(firstParam(["a", "b"])).toBe("a");
    expect(firstParam(undefined)).toBeUndefined();
    expect(parseSearchPage(undefined)).toBe(1);
    expect(parseSearchPage("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "abc", "1e3", "9999999", ""])
      expect(parseSearchPage(bad), bad).toBeNull();
  });
});

describe("inVocabulary", () => {
  it("knows words the blog uses, whole or (from 3 letters) as a prefix, and nothing else", () => {
    const words = ["blog", "c++", "caching", "static", "ux"];
    for (const t of ["blog", "cach", "c++", "ux", "static"]) expect(inVocabulary(words, t), t).toBe(true);
    for (const t of ["blg", "statc", "u", "ca", "zebra", "", "statics"])
      expect(inVocabulary(words, t), t).toBe(false);
    expect(inVocabulary([], "blog")).toBe(false);
  });
});

describe("highlightSegments", () => {
  it("marks whole words whose normalised form matched, and nothing else", () => {
    expect(highlightSegments("Shipping a Static Blog (static!)", new Set(["static", "blog"]))).toEqual([
      { text: "Shipping a ", match: false },
      { text: "Static", match: true },
      { text: " ", match: false },
      { text: "Blog", match: true },
      { text: " (", match: false },
      { text: "static", match: true },
      { text: "!)", match: false },
    ]);
    expect(highlightSegments("Résumé tips", new Set(["resume"]))[0]).toEqual({ text: "Résumé", match: true });
  });

  it("gives back exactly the input text, whatever it contains (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 200 }),
        fc.array(fc.string({ maxLength: 5 })),
        (text, terms) => {
          expect(
            highlightSegments(text, new Set(terms))
              .map((s) => s.text)
              .join(""),
          ).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("searchPage", () => {
  const post = (n: number): BlogPost => ({
    slug: `post-${n}`,
    title: `Gardening note ${n}`,
    publishedAt: new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString(),
    authors: [{ id: "a", name: "Ada", profileImageUrl: "", email: "" }],
    pageTitle: "",
    metaDescription: "",
    keywords: [],
    coverImageUrl: "",
    thumbnailImageUrl: "",
  });
  const blog = buildBlog({ blogName: "B", posts: Array.from({ length: 30 }, (_, i) => post(i + 1)) });
  const query = parseSearchQuery("gardening");

  it("paginates like the blog index: 12 per page, 404 past the last page", async () => {
    const first = await searchPage(blog, query, 1);
    expect(first?.kind === "results" && [first.hits.length, first.total, first.pages]).toEqual([12, 30, 3]);
    const last = await searchPage(blog, query, 3);
    expect(last?.kind === "results" && last.hits.length).toBe(6);
    expect(await searchPage(blog, query, 4)).toBeNull();
    expect(first?.kind === "results" && resultSummary(translator(resolveMessages("en")), first)).toBe(
      "30 posts match. Page 1 of 3.",
    );
    expect(searchPath("a&b c", 2)).toBe("/search?q=a%26b+c&page=2");
  });

  it("answers no match with the newest posts", async () => {
    const none = await searchPage(blog, parseSearchQuery("xylophone"), 1);
    expect(none?.kind === "no_match" && none.newest.map((p) => p.slug)).toEqual([
      "post-30",
      "post-29",
      "post-28",
    ]);
    expect(await searchPage(blog, parseSearchQuery("xylophone"), 2)).toBeNull();
  });
});
