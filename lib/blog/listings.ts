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

/*
 * The listings of posts under an author (/authors/[id]) and a topic (/tags/[keyword]), page N at
 * <path>/page/N: one module for both, from the URL segment to the page, metadata and redirects.
 */

export type ListingSubject<T> = {
  find(blog: Blog, segment: string): T | undefined;
  /** Every URL segment to prerender. */
  segments(blog: Blog): string[];
  /** The subject's posts, newest first. */
  posts(blog: Blog, subject: T): Post[];
  path(subject: T): string;
  postCount(subject: T): number;
  /** Metadata that differs between subjects; `suffix` is ", page N" past the first page. */
  seo(
    blog: Blog,
    subject: T,
    suffix: string,
    t: Translate,
  ): { title: string; description: string; profile?: boolean; keywords?: string[] };
};

export const authorListing: ListingSubject<AuthorProfile> = {
  find: (blog, id) => blog.authors.find((a) => a.id === id),
  segments: (blog) => blog.authors.map((a) => a.id),
  posts: (blog, author) => blog.postsByAuthor.get(author.id) ?? [],
  path: (author) => authorPath(author.id),
  postCount: (author) => author.postCount,
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
  find: (blog, slug) => blog.keywords.find((k) => k.slug === slug),
  segments: (blog) => blog.keywords.map((k) => k.slug),
  posts: (blog, keyword) => blog.postsByKeyword.get(keyword.slug) ?? [],
  path: (keyword) => tagPath(keyword.slug),
  postCount: (keyword) => keyword.postCount,
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
export async function findListing<T>(listing: ListingSubject<T>, segment: string, page: number) {
  const data = await blogForPage();
  const subject = listing.find(data.blog, segment);
  const posts = subject ? postsOnPage(listing.posts(data.blog, subject), page) : null;
  return { ...data, subject, posts };
}

export async function listingMetadata<T>(
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
    path: listPath(listing.path(subject), page),
    ...listing.seo(blog, subject, suffix, t),
  });
}

/** <path>/page/1 is <path>. An unknown subject is a 404, not a cached redirect per made-up name. */
export async function redirectToFirstPage<T>(listing: ListingSubject<T>, segment: string): Promise<never> {
  const { subject } = await findListing(listing, segment, 1);
  if (!subject) notFound();
  permanentRedirect(listing.path(subject));
}

/** What a listing's page renders: the subject named by `segment`, page `page` of its posts. */
export type ListingPageView = (props: { segment: string; page: number }) => ReactNode | Promise<ReactNode>;

/** generateStaticParams, generateMetadata and the page of a listing's first page, e.g. /authors/[id]. */
export function firstPageRoute<K extends string, T>(
  listing: ListingSubject<T>,
  param: K,
  view: ListingPageView,
) {
  return {
    async generateStaticParams(): Promise<Record<K, string>[]> {
      const { blog } = await blogForPage();
      return listing.segments(blog).map((segment) => ({ [param]: segment }) as Record<K, string>);
    },
    async generateMetadata({ params }: { params: Promise<Record<K, string>> }): Promise<Metadata> {
      return listingMetadata(listing, (await params)[param], 1);
    },
    async Page({ params }: { params: Promise<Record<K, string>> }) {
      return createElement(view, { segment: (await params)[param], page: 1 });
    },
  };
}

/**
 * The same for its later pages, e.g. /authors/[id]/page/[page], which render on first request,
 * then are cached; page 1 redirects to the subject's own address.
 */
export function laterPageRoute<K extends string, T>(
  listing: ListingSubject<T>,
  param: K,
  view: ListingPageView,
) {
  type Params = Promise<Record<K | "page", string>>;
  return {
    generateStaticParams(): Record<K | "page", string>[] {
      return [];
    },
    async generateMetadata({ params }: { params: Params }): Promise<Metadata> {
      const p = await params;
      return listingMetadata(listing, p[param], parsePageParam(p.page));
    },
    async Page({ params }: { params: Params }) {
      const p = await params;
      const page = parsePageParam(p.page);
      if (page === 1) await redirectToFirstPage(listing, p[param]);
      return createElement(view, { segment: p[param], page });
    },
  };
}
