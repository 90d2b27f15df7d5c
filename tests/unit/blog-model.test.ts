import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignKeywordSlugs, keywordBaseSlug } from "@/lib/blog/keyword-slugs";
import { buildBlog, prerenderSlugs, slugMismatches } from "@/lib/blog/model";
import {
  externalPostUrl,
  listPath,
  parsePageParam,
  pageCount,
  postsOnPage,
  prerenderPages,
} from "@/lib/blog/paths";
import { resolveMessages, translator } from "@/lib/i18n";
import type { BlogPost } from "@/lib/workspace/types";

const ADA = {
  id: "a-1",
  name: "Ada Lovelace",
  profileImageUrl: "http://127.0.0.1:4010/avatars/a-1.png",
  email: "ada@example.com",
};
const LIN = { id: "a-2", name: "Linus", profileImageUrl: "", email: "linus@example.com" };

function post(over: Partial<BlogPost> & { slug: string }): BlogPost {
  return {
    title: `Title of ${over.slug}`,
    publishedAt: "2024-01-01T00:00:00Z",
    authors: [ADA],
    pageTitle: "",
    metaDescription: "A summary.",
    keywords: [],
    coverImageUrl: "http://127.0.0.1:4010/covers/x.png",
    thumbnailImageUrl: "",
    ...over,
  };
}

describe("keyword slugs", () => {
  it("are URL-safe and spell out the symbols that tell keywords apart", () => {
    expect(keywordBaseSlug("C++")).toBe("c-plus-plus");
    expect(keywordBaseSlug("C")).toBe("c");
    expect(keywordBaseSlug("C#")).toBe("c-sharp");
    expect(keywordBaseSlug("UX & Design")).toBe("ux-and-design");
    expect(keywordBaseSlug("Remote Work")).toBe("remote-work");
    expect(keywordBaseSlug("  Café  Crème ")).toBe("cafe-creme");
    expect(keywordBaseSlug("日本語")).toMatch(/^tag-[0-9a-f]{6}$/);
  });

  it("are always URL-safe, whatever the keyword", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (k) => {
        const slug = keywordBaseSlug(k);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(encodeURIComponent(slug)).toBe(slug);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
    );
  });

  it("never give two keywords the same slug, and keep the first keyword's slug when a colliding one arrives", () => {
    const first = assignKeywordSlugs(["c plus", "node.js"]);
    const later = assignKeywordSlugs(["c plus", "node.js", "c-plus", "node js"]);
    expect(later.get("c plus")).toBe("c-plus");
    expect(later.get("c plus")).toBe(first.get("c plus"));
    expect(later.get("node.js")).toBe(first.get("node.js"));
    expect(later.get("c-plus")).toMatch(/^c-plus-[0-9a-f]{6}$/);
    expect(new Set(later.values()).size).toBe(4);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 12 }), { maxLength: 40 }), (keys) => {
        const slugs = assignKeywordSlugs(keys);
        expect(new Set(slugs.values()).size).toBe(slugs.size);
      }),
    );
  });
});

describe("buildBlog (normalization and grouping)", () => {
  const blog = buildBlog({
    blogName: "  The Journal ",
    posts: [
      post({
        slug: "old",
        publishedAt: "2023-05-01T10:00:00+02:00",
        keywords: ["C", "Engineering"],
        authors: [LIN],
      }),
      post({
        slug: "new",
        publishedAt: "2024-06-01T00:00:00Z",
        keywords: ["C++", " engineering ", "Engineering", ""],
        authors: [ADA, LIN, ADA],
      }),
      post({
        slug: "mid",
        publishedAt: "2024-01-01T00:00:00Z",
        keywords: ["UX & Design"],
        coverImageUrl: "javascript:alert(1)",
        title: "  Spaced   title ",
      }),
      post({ slug: "new", title: "Duplicate slug" }),
      post({ slug: "bad-date", publishedAt: "yesterday" }),
      post({ slug: "", title: "no slug" }),
      post({ slug: "no-title", title: "   " }),
    ],
  });

  it("drops what cannot be shown and says why", () => {
    expect(blog.posts.map((p) => p.slug)).toEqual(["new", "mid", "old"]);
    expect(blog.problems).toHaveLength(4);
    expect(blog.problems.join("\n")).toMatch(/second post with the slug "new"/);
    expect(blog.problems.join("\n")).toMatch(/bad-date/);
  });

  it("repairs text, dates, images, authors and keywords", () => {
    expect(blog.name).toBe("The Journal");
    const mid = blog.bySlug.get("mid")!;
    expect(mid.title).toBe("Spaced title");
    expect(mid.coverImageUrl).toBeNull();
    expect(blog.bySlug.get("old")!.publishedAt).toBe("2023-05-01T08:00:00.000Z");
    const fresh = blog.bySlug.get("new")!;
    expect(fresh.authors.map((a) => a.id)).toEqual(["a-1", "a-2"]);
    expect(fresh.authors[1]!.avatarUrl).toBeNull();
    expect(fresh.keywords.map((k) => k.slug)).toEqual(["c-plus-plus", "engineering"]);
    expect(fresh.thumbnailImageUrl).toBeNull();
  });

  it("names an author without a name in the site's language, English unless told", () => {
    const nameless = { ...LIN, id: "a-9", name: "  " };
    const posts = [post({ slug: "anon", authors: [nameless] })];
    expect(buildBlog({ blogName: "B", posts }).posts[0]!.authors.map((a) => a.name)).toEqual([
      "Unknown author",
    ]);
    const french = buildBlog({
      blogName: "B",
      posts,
      unknownAuthor: translator(resolveMessages("fr"))("author.unknown"),
    });
    expect(french.posts[0]!.authors.map((a) => a.name)).toEqual(["Auteur inconnu"]);
    expect(french.authors.map((a) => a.name)).toEqual(["Auteur inconnu"]);
  });

  it("groups posts by author and by keyword, newest first", () => {
    expect(blog.postsByAuthor.get("a-2")!.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(blog.postsByAuthor.get("a-1")!.map((p) => p.slug)).toEqual(["new", "mid"]);
    expect(blog.postsByKeyword.get("engineering")!.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(blog.postsByKeyword.get("c")!.map((p) => p.slug)).toEqual(["old"]);
    expect(blog.postsByKeyword.get("c-plus-plus")!.map((p) => p.slug)).toEqual(["new"]);
    const eng = blog.keywords.find((k) => k.slug === "engineering")!;
    expect(eng).toMatchObject({ postCount: 2, label: "engineering" });
    expect(blog.keywords[0]!.slug).toBe("engineering");
    const linus = blog.authors.find((a) => a.id === "a-2")!;
    expect(linus).toMatchObject({ postCount: 2, latestPostAt: "2024-06-01T00:00:00.000Z" });
  });

  it("reconciles the slugs endpoint with the list in both directions", () => {
    const [noPost, notListed, ...more] = slugMismatches(blog, ["new", "ghost", "old"]);
    expect(noPost).toMatch(/^1 slug\(s\) have no post .* answer 404: ghost$/);
    expect(notListed).toMatch(/^1 post\(s\) are missing from the slugs endpoint.*: mid$/);
    expect(more).toEqual([]);
    expect(slugMismatches(blog, ["new", "mid", "old"])).toEqual([]);
  });
});

describe("prerender limit and pagination", () => {
  const many = buildBlog({
    blogName: "B",
    posts: Array.from({ length: 100 }, (_, i) =>
      post({ slug: `p-${i}`, publishedAt: new Date(Date.UTC(2024, 0, 1) - i * 3_600_000).toISOString() }),
    ),
  });
  const slugs = many.posts.map((p) => p.slug);

  it("prerenders the newest posts up to the limit, only those the slugs endpoint names", () => {
    expect(prerenderSlugs(many, slugs, 10)).toEqual(slugs.slice(0, 10));
    expect(prerenderSlugs(many, slugs, 0)).toEqual([]);
    expect(prerenderSlugs(many, slugs, 1000)).toHaveLength(100);
    // Shuffled slugs and a slug without a post: still the newest, never the ghost.
    expect(
      prerenderSlugs(
        many,
        ["ghost", ...[...slugs].reverse()].filter((s) => s !== "p-1"),
        3,
      ),
    ).toEqual(["p-0", "p-2", "p-3"]);
  });

  it("paginates with 404 beyond the last page", () => {
    expect(pageCount(100)).toBe(9);
    expect(pageCount(0)).toBe(1);
    expect(postsOnPage(many.posts, 1)!.map((p) => p.slug)[0]).toBe("p-0");
    expect(postsOnPage(many.posts, 9)).toHaveLength(4);
    expect(postsOnPage(many.posts, 10)).toBeNull();
    expect(postsOnPage(many.posts, 0)).toBeNull();
    expect(postsOnPage(many.posts, 1.5)).toBeNull();
    expect(prerenderPages(100, 30)).toEqual([2, 3]);
    expect(prerenderPages(100, 0)).toEqual([]);
    expect(prerenderPages(100, 10_000)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("paginates tag and author lists under their own path, and only plain page numbers parse", () => {
    expect(listPath("/tags/c-plus-plus", 1)).toBe("/tags/c-plus-plus");
    expect(listPath("/tags/c-plus-plus", 3)).toBe("/tags/c-plus-plus/page/3");
    expect(parsePageParam("2")).toBe(2);
    for (const bad of ["0", "02", "-1", "1.5", "abc", "1e3", ""]) expect(parsePageParam(bad)).toBeNaN();
  });

  it("builds the external article URL from the template", () => {
    expect(externalPostUrl("https://blog.example.org/{slug}", "a b")).toBe("https://blog.example.org/a%20b");
    expect(externalPostUrl(null, "x")).toBeNull();
  });
});

describe("one copy of what posts share", () => {
  it("posts naming the same author and keywords the same way share one object each", () => {
    const blog = buildBlog({
      blogName: "B",
      posts: [
        post({ slug: "a", keywords: ["Go", "Rust"] }),
        post({ slug: "b", keywords: ["rust", "Go"], authors: [{ ...ADA }] }),
        post({ slug: "c", authors: [{ ...ADA, name: "Ada L." }] }),
      ],
    });
    const [a, b, c] = ["a", "b", "c"].map((s) => blog.bySlug.get(s)!);
    expect(a!.authors[0]).toBe(b!.authors[0]);
    expect(c!.authors[0]).not.toBe(a!.authors[0]); // spelled otherwise on that post: kept as written
    expect(c!.authors[0]!.name).toBe("Ada L.");
    expect(a!.keywords[0]).toBe(b!.keywords[1]);
    expect(a!.keywords[1]).toBe(b!.keywords[0]);
  });
});
