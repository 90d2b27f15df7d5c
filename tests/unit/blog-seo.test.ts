import { describe, expect, it } from "vitest";
import { buildBlog } from "@/lib/blog/model";
import { blogPostingJsonLd, jsonLdText, postMetadata } from "@/lib/blog/seo";
import { resolveMessages, translator } from "@/lib/i18n";

/* A post's metadata and JSON-LD, with and without BLOG_POST_URL_TEMPLATE. */

const SITE = "https://www.acme.test";
const blog = buildBlog({
  blogName: "Acme Notes",
  posts: [
    {
      slug: "café crème",
      title: "Café </script> crème",
      publishedAt: "2026-05-01T10:00:00+02:00",
      authors: [
        { id: "a-1", name: "Ada", profileImageUrl: "https://img.acme.test/ada.png", email: "ada@acme.test" },
      ],
      pageTitle: "Café crème | Acme",
      metaDescription: "Why we moved.",
      keywords: ["Culture"],
      coverImageUrl: "https://img.acme.test/cover.png",
      thumbnailImageUrl: "",
    },
  ],
});
const post = blog.posts[0]!;
const t = translator(resolveMessages("en"));
const local = { siteUrl: SITE, postUrlTemplate: null, t };
const external = { siteUrl: SITE, postUrlTemplate: "https://blog.acme.test/p/{slug}", t };

describe("postMetadata", () => {
  it("is an article whose canonical is its own page when the article lives here", () => {
    const meta = postMetadata(blog, post, local);
    // The post's own title and the site's name: the workspace's page_title ("| Acme") is not the site's.
    expect(meta.title).toEqual({ absolute: "Café </script> crème · Acme Notes" });
    expect(meta.description).toBe("Why we moved.");
    expect(meta.alternates?.canonical).toBe("/blog/caf%C3%A9%20cr%C3%A8me");
    expect(meta.openGraph).toMatchObject({
      type: "article",
      url: "/blog/caf%C3%A9%20cr%C3%A8me",
      publishedTime: "2026-05-01T08:00:00.000Z",
      authors: [`${SITE}/authors/a-1`],
      tags: ["Culture"],
      images: [{ url: "/og/blog/caf%C3%A9%20cr%C3%A8me", width: 1200, height: 630 }],
    });
    // The image is said once, in Open Graph (X falls back to og:image); an explicit empty list
    // is what keeps Next from copying it into four twitter:image tags.
    expect(meta.twitter).toEqual({ card: "summary_large_image", images: [] });
    expect(meta).not.toHaveProperty("keywords");
  });

  it("points the canonical link at BLOG_POST_URL_TEMPLATE, with the slug encoded", () => {
    expect(postMetadata(blog, post, external).alternates?.canonical).toBe(
      "https://blog.acme.test/p/caf%C3%A9%20cr%C3%A8me",
    );
  });
});

describe("blogPostingJsonLd", () => {
  it("describes the post, its authors and images, and names the full article as the main entity", () => {
    const url = `${SITE}/blog/caf%C3%A9%20cr%C3%A8me`;
    const data = blogPostingJsonLd(blog, post, local);
    // Said once: no @id beside the same url, no main entity when it is this page.
    expect(data).not.toHaveProperty("@id");
    expect(data.mainEntityOfPage).toBeUndefined();
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      url,
      headline: "Café </script> crème",
      datePublished: "2026-05-01T08:00:00.000Z",
      image: ["https://img.acme.test/cover.png", `${SITE}/og/blog/caf%C3%A9%20cr%C3%A8me`],
      author: [{ "@type": "Person", name: "Ada", url: `${SITE}/authors/a-1` }],
      publisher: { "@type": "Organization", name: "Acme Notes" },
    });
    // Said by the meta description and the topic links, read by no article result.
    expect(data).not.toHaveProperty("description");
    expect(data).not.toHaveProperty("keywords");
    expect(blogPostingJsonLd(blog, post, external).mainEntityOfPage).toBe(
      "https://blog.acme.test/p/caf%C3%A9%20cr%C3%A8me",
    );
  });

  it("never lets a title close the script element it is written into", () => {
    const text = jsonLdText(blogPostingJsonLd(blog, post, local));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).headline).toBe("Café </script> crème");
  });
});
