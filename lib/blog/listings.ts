import "server-only";
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { createElement, type ReactNode } from "react";
import type { AuthorProfile, Blog } from "./model";
import type { Keyword, Post } from "./post";
import { authorPath, listPath, parsePageParam, postsOnPage, tagPath } from "./paths";
import { blogForPage } from "./pages";
import type { Translate } from "../i18n";
import { pageMetadata } from "./seo";

// The listings of an author's (/authors/[id]) and a topic's (/tags/[keyword]) posts, page N at <path>/page/N.

export type ListingSubject<T extends { postCount: number }> = {
  all(blog: Blog): T[];
  /** The subject's URL segment. */
  key(subject: T): string;
  /** Each subject's posts by key, newest first. */
  postsBy(blog: Blog): Map<string, Post[]>;
  path(key: string): string;
  /** Metadata that differs between subjects; `suffix` is ", page N" past the first page. */
  seo(
    blog: Blog,
    subject: T,
    suffix: string,
    t: Translate,
  ): { title: string; description: string; profile?: boolean; keywords?: string[] };
};

export const authorListing: ListingSubject<AuthorProfile> = {
  all: (blog) => blog.authors,
  key: (author) => author.id,
  postsBy: (blog) => blog.postsByAuthor,
  path: authorPath,
  seo: (blog, author, suffix, t) => ({
    title: `${author.name}${suffix}`,
    description: t("author.description", {
      count: author.postCount,
      name: author.name,
      site: blog.name,
      suffix,
    }),
    profile: true,
  }),
};

export const topicListing: ListingSubject<Keyword & { postCount: number }> = {
  all: (blog) => blog.keywords,
  key: (keyword) => keyword.slug,
  postsBy: (blog) => blog.postsByKeyword,
  path: tagPath,
  seo: (blog, keyword, suffix, t) => ({
    title: `${t("topic.heading", { topic: keyword.label })}${suffix}`,
    description: t("topic.description", {
      count: keyword.postCount,
      topic: keyword.label,
      site: blog.name,
      suffix,
    }),
    keywords: [keyword.label],
  }),
};

/** The subject and its posts on `page`; either is missing when the address is not a page. */
export async function findListing<T extends { postCount: number }>(
  listing: ListingSubject<T>,
  segment: string,
  page: number,
) {
  const data = await blogForPage();
  const subject = listing.all(data.blog).find((s) => listing.key(s) === segment);
  const posts = subject ? postsOnPage(listing.postsBy(data.blog).get(segment) ?? [], page) : null;
  return { ...data, subject, posts };
}

async function listingMetadata<T extends { postCount: number }>(
  listing: ListingSubject<T>,
  segment: string,
  page: number,
): Promise<Metadata> {
  const { blog, subject, posts, t } = await findListing(listing, segment, page);
  if (!subject || !posts) return {};
  const suffix = page > 1 ? t("listing.pageSuffix", { page }) : "";
  return pageMetadata({
    t,
    blogName: blog.name,
    path: listPath(listing.path(segment), page),
    ...listing.seo(blog, subject, suffix, t),
  });
}

// The route exports of a listing's first page (/authors/[id]), or with `later` of its later pages
// (/authors/[id]/page/[page]): rendered on first request; page 1 redirects.
export function listingRoute<K extends string, T extends { postCount: number }>(
  listing: ListingSubject<T>,
  param: K,
  view: (props: { segment: string; page: number }) => ReactNode | Promise<ReactNode>,
  later = false,
) {
  type Params = Promise<Record<K, string> & { page?: string }>;
  const pageOf = (p: { page?: string }) => (later ? parsePageParam(p.page ?? "") : 1);
  return {
    async generateStaticParams(): Promise<Record<K, string>[]> {
      if (later) return [];
      const { blog } = await blogForPage();
      return listing.all(blog).map((s) => ({ [param]: listing.key(s) }) as Record<K, string>);
    },
    async generateMetadata({ params }: { params: Params }): Promise<Metadata> {
      const p = await params;
      return listingMetadata(listing, p[param], pageOf(p));
    },
    async Page({ params }: { params: Params }) {
      const p = await params;
      const page = pageOf(p);
      // <path>/page/1 is <path>; an unknown subject is a 404, not a cached redirect per made-up name.
      if (later && page === 1) {
        if (!(await findListing(listing, p[param], 1)).subject) notFound();
        permanentRedirect(listing.path(p[param]));
      }
      return createElement(view, { segment: p[param], page });
    },
  };
}
