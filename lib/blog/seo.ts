import type { Metadata } from "next";
import { DEFAULT_DESCRIPTION } from "../config/site";
import type { Translate } from "../i18n";
import { FEED_PATHS } from "./feeds";
import type { AuthorProfile, Blog } from "./model";
import type { Post } from "./post";
import { authorPath, externalPostUrl, postPath } from "./paths";

// Next merges metadata shallowly (a page's `openGraph` replaces the layout's), so each builder returns the whole set.

/** `sameAs`: the team's profile addresses; `t`: the site's words. */
export type SeoSettings = {
  siteUrl: string;
  postUrlTemplate: string | null;
  description?: string;
  sameAs?: string[];
  t: Translate;
};

/** "Caching Without Tears · Atelier Lumière". */
export function titleWithSite(title: string, siteName: string, t: Translate): string {
  return `${title}${t("site.titleSeparator")}${siteName}`;
}

/** schema.org's sameAs, only when the site lists profiles (no empty key on every page). */
const sameAs = (s: SeoSettings) => (s.sameAs?.length ? { sameAs: s.sameAs } : {});

export const OG_SIZE = { width: 1200, height: 630 } as const;
export const defaultOgPath = "/og/default";
const postOgPath = (slug: string) => `/og/blog/${encodeURIComponent(slug)}`;

export function feedAlternates(blogName: string, t: Translate): NonNullable<Metadata["alternates"]>["types"] {
  return {
    "application/rss+xml": [{ url: FEED_PATHS.rss, title: t("feed.rss", { site: blogName }) }],
    "application/atom+xml": [{ url: FEED_PATHS.atom, title: t("feed.atom", { site: blogName }) }],
    "application/feed+json": [{ url: FEED_PATHS.json, title: t("feed.json", { site: blogName }) }],
  };
}

type PageSeo = {
  blogName: string;
  path: string;
  title: string;
  /** Use `title` verbatim (the home page: the site's name alone) instead of "title · site". */
  absoluteTitle?: boolean;
  t: Translate;
  description: string;
  /** Overrides the canonical URL (an external article). */
  canonical?: string;
  imagePath?: string;
  imageAlt?: string;
  article?: { publishedTime: string; authors: string[]; tags: string[] };
  profile?: boolean;
};

export function pageMetadata(p: PageSeo): Metadata {
  const image = { url: p.imagePath ?? defaultOgPath, ...OG_SIZE, alt: p.imageAlt ?? p.blogName };
  const title = p.absoluteTitle ? p.title : titleWithSite(p.title, p.blogName, p.t);
  const openGraphBase = {
    title,
    description: p.description,
    url: p.path,
    siteName: p.blogName,
    // No og:locale: en_US is what Open Graph assumes without it.
    images: [image],
  };
  return {
    title: { absolute: title },
    description: p.description,
    alternates: { canonical: p.canonical ?? p.path, types: feedAlternates(p.blogName, p.t) },
    openGraph: p.article
      ? { ...openGraphBase, type: "article", ...p.article }
      : { ...openGraphBase, type: p.profile ? "profile" : "website" },
    // X falls back to Open Graph; an empty image list keeps Next from repeating the image tags.
    twitter: { card: "summary_large_image", images: [] },
  };
}

export function postMetadata(blog: Blog, post: Post, s: SeoSettings): Metadata {
  return pageMetadata({
    blogName: blog.name,
    path: postPath(post.slug),
    // Not the workspace's page_title: it names the workspace's blog, which may not be the team's site.
    title: post.title,
    t: s.t,
    description: post.description || s.t("post.metaDescription", { title: post.title, site: blog.name }),
    canonical: externalPostUrl(s.postUrlTemplate, post.slug) ?? undefined,
    imagePath: postOgPath(post.slug),
    imageAlt: post.title,
    article: {
      publishedTime: post.publishedAt,
      authors: post.authors.map((a) => `${s.siteUrl}${authorPath(a.id)}`),
      tags: post.keywords.map((k) => k.label),
    },
  });
}

const person = (a: { id: string; name: string; avatarUrl: string | null }, siteUrl: string) => ({
  "@type": "Person",
  name: a.name,
  url: `${siteUrl}${authorPath(a.id)}`,
  ...(a.avatarUrl ? { image: a.avatarUrl } : {}),
});

// JSON-LD is written twice (the <script> and the RSC payload), so it says each thing once: no `name`
// beside `headline`, nothing the meta tags say, authors without portraits (their pages have them).

export function blogPostingJsonLd(blog: Blog, post: Post, s: SeoSettings) {
  const url = `${s.siteUrl}${postPath(post.slug)}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    url,
    mainEntityOfPage: externalPostUrl(s.postUrlTemplate, post.slug) ?? undefined,
    headline: post.title,
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    image: [post.coverImageUrl, `${s.siteUrl}${postOgPath(post.slug)}`].filter(Boolean),
    author: post.authors.map((a) => person({ ...a, avatarUrl: null }, s.siteUrl)),
    publisher: { "@type": "Organization", name: blog.name, url: `${s.siteUrl}/`, ...sameAs(s) },
  };
}

export function blogJsonLd(blog: Blog, s: SeoSettings) {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    url: `${s.siteUrl}/blog`,
    name: blog.name,
    description: s.description ?? DEFAULT_DESCRIPTION,
    ...sameAs(s),
  };
}

export function personJsonLd(author: AuthorProfile, s: SeoSettings) {
  return { "@context": "https://schema.org", ...person(author, s.siteUrl) };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
