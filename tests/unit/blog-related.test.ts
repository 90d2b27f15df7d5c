import { describe, expect, it } from "vitest";
import { buildBlog } from "@/lib/blog/model";
import { postNeighbours, relatedPosts } from "@/lib/blog/related";
import type { BlogPost } from "@/lib/workspace/types";

const ADA = { id: "a-1", name: "Ada", profileImageUrl: "", email: "ada@example.com" };
const LIN = { id: "a-2", name: "Linus", profileImageUrl: "", email: "linus@example.com" };

function post(slug: string, day: number, keywords: string[], authors = [ADA]): BlogPost {
  return {
    slug,
    title: slug,
    publishedAt: `2024-01-${String(day).padStart(2, "0")}T00:00:00Z`,
    authors,
    pageTitle: "",
    metaDescription: "",
    keywords,
    coverImageUrl: "",
    thumbnailImageUrl: "",
  };
}

const blog = buildBlog({
  blogName: "Blog",
  posts: [
    post("main", 10, ["Go", "Rust"]),
    post("both-topics", 1, ["Go", "Rust"], [LIN]),
    post("one-topic-same-author", 5, ["Go"]),
    post("one-topic-newer", 8, ["Rust"], [LIN]),
    post("author-only", 9, ["Cooking"]),
    post("unrelated", 11, ["Cooking"], [LIN]),
  ],
});
const bySlug = (slug: string) => blog.bySlug.get(slug)!;

describe("relatedPosts", () => {
  it("ranks shared keywords over a shared author, newest first on ties, at most three, never the post itself", () => {
    const related = relatedPosts(blog, bySlug("main")).map((p) => p.slug);
    // both-topics 4, one-topic-same-author 3, one-topic-newer 2, author-only 1.
    expect(related).toEqual(["both-topics", "one-topic-same-author", "one-topic-newer"]);
  });

  it("finds nothing for a post that shares neither topics nor authors", () => {
    const lone = buildBlog({ blogName: "Blog", posts: [post("a", 1, ["X"]), post("b", 2, ["Y"], [LIN])] });
    expect(relatedPosts(lone, lone.bySlug.get("a")!)).toEqual([]);
  });
});

describe("postNeighbours", () => {
  it("names the newer and the older post in reading order, none past either end", () => {
    expect(postNeighbours(blog, bySlug("main"))).toMatchObject({
      newer: { slug: "unrelated" },
      older: { slug: "author-only" },
    });
    expect(postNeighbours(blog, bySlug("unrelated")).newer).toBeUndefined();
    expect(postNeighbours(blog, bySlug("both-topics")).older).toBeUndefined();
  });
});
