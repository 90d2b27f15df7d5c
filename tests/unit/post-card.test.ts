import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostCard } from "@/components/blog/post-card";
import type { Post } from "@/lib/blog/post";

/*
 * A post card with and without an image: a post the workspace sends without a usable cover
 * (none, or on a host the site does not load images from) gets no image frame at all, rather
 * than an empty block above its title.
 */

const post = (image: string | null): Post => ({
  slug: "a-post",
  title: "A post",
  description: "What it says.",
  publishedAt: "2026-11-01T00:00:00.000Z",
  publishedTime: Date.parse("2026-11-01T00:00:00.000Z"),
  authors: [],
  keywords: [],
  coverImageUrl: image,
  thumbnailImageUrl: null,
});

const render = (image: string | null) => renderToStaticMarkup(createElement(PostCard, { post: post(image) }));

describe("PostCard", () => {
  it("frames a cover in the card's first block", () => {
    const html = render("https://images.example/covers/a-post.png");
    expect(html).toMatch(/^<article[^>]*><div aria-hidden="true"><img /);
  });

  it("starts with the title when there is no image: no empty frame", () => {
    const html = render(null);
    expect(html).toMatch(/^<article[^>]*><div><h2><a href="\/blog\/a-post"/);
    expect(html).not.toContain('aria-hidden="true"');
  });
});
