import { describe, expect, it } from "vitest";
import { buildBlog } from "@/lib/blog/model";
import { pageCount } from "@/lib/blog/paths";
import { warmUpCandidates } from "@/lib/blog/warm-up";
import type { BlogPost } from "@/lib/workspace/types";

const AUTHORS = [
  { id: "a-1", name: "Ada", profileImageUrl: "", email: "ada@example.com" },
  { id: "a-2", name: "Linus", profileImageUrl: "", email: "linus@example.com" },
];

function blogOf(count: number) {
  const posts: BlogPost[] = Array.from({ length: count }, (_, i) => ({
    slug: `post-${i}`,
    title: `Post ${i}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
    authors: [AUTHORS[i % 3 === 0 ? 1 : 0]!],
    pageTitle: "",
    metaDescription: "",
    keywords: i % 2 ? ["Go"] : ["Go", "Rust"],
    coverImageUrl: "",
    thumbnailImageUrl: "",
  }));
  return buildBlog({ blogName: "B", posts });
}

describe("the pages rendered at start", () => {
  it("are the oldest of each route readers reach uncached, a few per route in case the cache holds some", () => {
    const blog = blogOf(1_000);
    const [posts, listing, topic, author] = warmUpCandidates(blog, 200);
    expect(posts).toEqual([
      "/blog/post-999",
      "/blog/post-998",
      "/blog/post-997",
      "/blog/post-996",
      "/blog/post-995",
    ]);
    const last = pageCount(1_000);
    expect(listing).toEqual([5, 4, 3, 2, 1].map((k) => `/blog/page/${last - 5 + k}`));
    // The most used keyword ("Go", every post) and author (Ada, two posts in three): their last pages.
    expect(topic![0]).toBe(`/tags/go/page/${pageCount(1_000)}`);
    expect(author![0]).toBe(`/authors/a-1/page/${pageCount(blog.authors[0]!.postCount)}`);
    expect(topic).toHaveLength(5);
  });

  it("are none where the build prerendered every post and listing page and no tag or author has a second page", () => {
    expect(warmUpCandidates(blogOf(12), 200)).toEqual([]);
    // Tag and author pages after the first are never built: 20 posts about Go make a second one.
    expect(warmUpCandidates(blogOf(20), 200)).toEqual([["/tags/go/page/2"], ["/authors/a-1/page/2"]]);
    const small = warmUpCandidates(blogOf(30), 10);
    expect(small[0]).toEqual(Array.from({ length: 5 }, (_, i) => `/blog/post-${29 - i}`));
    // Posts 0-9 are prerendered with pages 1 (the index) ... 1; pages 2 and 3 render on request.
    expect(small[1]).toEqual(["/blog/page/3", "/blog/page/2"]);
  });

  it("never name the prerendered listing pages", () => {
    const blog = blogOf(300);
    const [, listing] = warmUpCandidates(blog, 200);
    // Pages 2..17 cover the newest 200 posts (12 a page) and are built; 18..25 are not.
    expect(listing).toEqual([
      "/blog/page/25",
      "/blog/page/24",
      "/blog/page/23",
      "/blog/page/22",
      "/blog/page/21",
    ]);
    expect(warmUpCandidates(blogOf(210), 200)[1]).toEqual(["/blog/page/18"]);
  });
});
