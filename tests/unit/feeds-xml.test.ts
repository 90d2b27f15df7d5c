import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { atomFeed, jsonFeed, rssFeed } from "@/lib/blog/feeds";
import { buildBlog, type Blog } from "@/lib/blog/model";
import { rootSitemap, sitemapEntries } from "@/lib/blog/sitemap";
import type { BlogPost } from "@/lib/workspace/types";
import { defaultFeedSettings } from "../helpers/feed-settings";

/*
 * Feeds stay well-formed XML whatever the workspace sends: control characters, lone surrogates,
 * several `]]>`, markup and entity look-alikes in every text field that reaches a feed, and
 * every value comes back exactly (nothing injected, nothing lost beyond invisible characters).
 *
 * fast-xml-parser's validator checks structure but lets characters XML forbids and a stray `]]>`
 * through, so those two rules of the XML 1.0 spec are checked here directly.
 */

const SITE = "https://www.example.test";
const settings = defaultFeedSettings(SITE);

// The XML 1.0 Char production, written out independently of the code under test.
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const strip = (s: string) => s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");

function assertStrictXml(xml: string): void {
  const verdict = XMLValidator.validate(xml);
  expect(verdict, JSON.stringify(verdict)).toBe(true);
  expect(XML_CHARS.test(xml), "only characters XML 1.0 allows").toBe(true);
  // Remove CDATA sections (they do not nest) and tags (quoted attribute values may hold `>`):
  // what is left is character data, where `]]>` is not allowed.
  const characterData = xml.replace(
    /<!\[CDATA\[[\s\S]*?\]\]>|<[^>"']*(?:"[^"]*"[^>"']*|'[^']*'[^>"']*)*>/g,
    "",
  );
  expect(characterData).not.toContain("]]>");
  expect(characterData).not.toMatch(/[<]/);
  // `&` only as a reference, in character data and attribute values; `<` never in a value.
  const bareAmpersand = /&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9a-fA-F]+);)/;
  expect(characterData).not.toMatch(bareAmpersand);
  const withoutCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  for (const [, value] of withoutCdata.matchAll(/=\s*"([^"]*)"/g)) {
    expect(value).not.toMatch(/</);
    expect(value).not.toMatch(bareAmpersand);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ["item", "entry", "category", "author"].includes(name),
});

const hostile = fc
  .array(
    fc.constantFrom(
      "]]>",
      "]]",
      "]",
      ">",
      "<",
      "<evil/>",
      "</title>",
      "&",
      "&amp;",
      "&lt;",
      "&#1;",
      '"',
      "'",
      "\u0001",
      "\u0000",
      "\u000b",
      "\ufffe",
      "\ud800",
      "\udc00",
      "😀",
      "é",
      "a",
      "Z",
      "\u2028",
    ),
    { minLength: 1, maxLength: 14 },
  )
  .map((parts) => "x" + parts.join(""));

function post(
  i: number,
  t: { title: string; description: string; keyword: string; author: string; cover: string },
): BlogPost {
  return {
    slug: `post-${i}`,
    title: t.title,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    authors: [{ id: `author-${i}`, name: t.author, profileImageUrl: "", email: `a${i}@example.com` }],
    pageTitle: "",
    metaDescription: t.description,
    keywords: [t.keyword, "plain"],
    coverImageUrl: t.cover,
    thumbnailImageUrl: "",
  };
}

const postFields = fc.record({
  title: hostile,
  description: hostile,
  keyword: hostile,
  author: hostile,
  cover: hostile.map(
    (s) =>
      `https://img.example/c/${encodeURIComponent("k").slice(0, 1)}${s.replace(/[\ud800-\udfff]/g, "")}.png?a=1&b=<2>`,
  ),
});

function hostileBlog(name: string, fields: Parameters<typeof post>[1][]): Blog {
  return buildBlog({ blogName: name, posts: fields.map((f, i) => post(i, f)) });
}

const texts = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).map((x) =>
    typeof x === "object" && x !== null
      ? String((x as Record<string, unknown>)["#text"] ?? "")
      : String(x ?? ""),
  );

describe("feeds stay well-formed whatever the workspace sends", () => {
  it("two ]]> and a U+0001 in a title, description, keyword and author name (the reported case)", () => {
    const nasty = "A ]]> B ]]><injected/> C \u0001 D";
    const blog = hostileBlog("Blog \u0001 ]]>", [
      { title: nasty, description: nasty, keyword: nasty, author: nasty, cover: "https://img.example/a.png" },
    ]);
    for (const xml of [rssFeed(blog, settings), atomFeed(blog, settings)]) {
      assertStrictXml(xml);
      // Only ever as text inside a CDATA section, never as an element.
      expect(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "")).not.toContain("<injected");
      expect(JSON.stringify(parser.parse(xml))).not.toContain('"injected"');
    }
    expect(() => JSON.parse(jsonFeed(blog, settings))).not.toThrow();
  });

  it("RSS and Atom: every hostile title, description, keyword, author name and cover URL is well-formed and round-trips", () => {
    fc.assert(
      fc.property(hostile, fc.array(postFields, { minLength: 1, maxLength: 3 }), (name, fields) => {
        const blog = hostileBlog(name, fields);
        const rss = rssFeed(blog, settings);
        const atom = atomFeed(blog, settings);
        assertStrictXml(rss);
        assertStrictXml(atom);
        assertStrictXml(rootSitemap(sitemapEntries(blog, SITE), SITE));

        const r = parser.parse(rss) as {
          rss: { channel: { title: string; item: Record<string, unknown>[] } };
        };
        const a = parser.parse(atom) as { feed: { title: string; entry: Record<string, unknown>[] } };
        expect(r.rss.channel.title).toBe(strip(blog.name));
        expect(a.feed.title).toBe(strip(blog.name));
        expect(r.rss.channel.item).toHaveLength(blog.posts.length);
        expect(a.feed.entry).toHaveLength(blog.posts.length);
        blog.posts.forEach((p, i) => {
          const item = r.rss.channel.item[i]!;
          const entry = a.feed.entry[i]!;
          expect(texts(item.title)).toEqual([strip(p.title)]);
          expect(texts(entry.title)).toEqual([strip(p.title)]);
          if (strip(p.description)) {
            expect(texts(item.description)).toEqual([strip(p.description)]);
            expect(texts(entry.summary)).toEqual([strip(p.description)]);
          }
          expect(texts(item.author)).toEqual(p.authors.map((x) => strip(x.name)));
          expect((entry.author as { name: unknown }[]).map((x) => texts(x.name)[0])).toEqual(
            p.authors.map((x) => strip(x.name)),
          );
          expect(texts(item.category)).toEqual(p.keywords.map((k) => strip(k.label)));
          expect((entry.category as Record<string, string>[]).map((c) => c["@label"])).toEqual(
            p.keywords.map((k) => strip(k.label)),
          );
          if (p.coverImageUrl) {
            const enclosure = item.enclosure as Record<string, string>;
            expect(enclosure["@url"]).toBe(new URL(p.coverImageUrl).href);
          }
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe("identifiers the workspace sends broken", () => {
  it("a lone surrogate or control character in a slug or author id does not break the feeds or sitemap", () => {
    const base = post(0, { title: "T", description: "D", keyword: "k", author: "A", cover: "" });
    const blog = buildBlog({
      blogName: "B",
      posts: [
        { ...base, slug: "bad-\ud800-slug\u0001", authors: [{ ...base.authors[0]!, id: "id-\udc00" }] },
        { ...base, slug: "fine", publishedAt: "2026-02-01T00:00:00.000Z" },
      ],
    });
    for (const xml of [
      rssFeed(blog, settings),
      atomFeed(blog, settings),
      rootSitemap(sitemapEntries(blog, SITE), SITE),
    ])
      assertStrictXml(xml);
    expect(() => JSON.parse(jsonFeed(blog, settings))).not.toThrow();
  });
});
