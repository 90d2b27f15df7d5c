import { describe, expect, it } from "vitest";
import { isUnknownBlogAddress } from "@/lib/blog/store-state";
import { buildBlog } from "@/lib/blog/model";
import type { BlogPost } from "@/lib/workspace/types";

/* What the cache handler may answer 404 without rendering: only addresses no route would answer. */

function post(i: number, slug: string, keywords: string[], author = "ada"): BlogPost {
  return {
    slug,
    title: `Post ${i}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    authors: [{ id: author, name: author, profileImageUrl: "", email: "" }],
    pageTitle: "",
    metaDescription: "",
    keywords,
    coverImageUrl: "",
    thumbnailImageUrl: "",
  };
}

const posts = Array.from({ length: 30 }, (_, i) =>
  post(i, `post-${i}`, i < 13 ? ["Rust"] : ["Go"], i < 2 ? "grace" : "ada"),
);
posts.push(post(31, "café au lait", ["C++"]));
const blog = buildBlog({ blogName: "B", posts });

describe("isUnknownBlogAddress", () => {
  it.each([
    "/blog/post-0",
    "/blog/post-29",
    "/blog/caf%C3%A9%20au%20lait",
    "/blog/page/2",
    "/blog/page/3",
    "/blog/page/1",
    "/tags/rust",
    "/tags/rust/page/2",
    "/tags/c-plus-plus",
    "/authors/ada",
    "/authors/grace/page/1",
    "/og/blog/post-3",
    "/blog",
    "/blog/post-0/extra",
    "/tags",
    "/about",
    "/sitemaps",
  ])("leaves %s to the routes", (path) => {
    expect(isUnknownBlogAddress(path, blog, 0)).toBe(false);
  });

  it.each([
    "/blog/no-such-post",
    "/blog/no-such-post/",
    "/blog/page/4",
    "/blog/page/0",
    "/blog/page/x",
    "/blog/page/99999999",
    "/tags/no-such-tag",
    "/tags/rust/page/3",
    "/tags/no-such-tag/page/2",
    "/authors/nobody",
    "/authors/grace/page/2",
    "/og/blog/no-such-post",
    // A blog under the sitemap's URL limit has no numbered sitemap files.
    "/sitemaps/1.xml",
    "/sitemaps/no-such-file.xml",
  ])("answers %s as unknown", (path) => {
    expect(isUnknownBlogAddress(path, blog, 0)).toBe(true);
  });
});

describe("numbered sitemap files", () => {
  it("exist up to the blog's count, beyond the URL limit", () => {
    expect(isUnknownBlogAddress("/sitemaps/3.xml", blog, 3)).toBe(false);
    expect(isUnknownBlogAddress("/sitemaps/4.xml", blog, 3)).toBe(true);
    expect(isUnknownBlogAddress("/sitemaps/03.xml", blog, 3)).toBe(true);
  });
});
