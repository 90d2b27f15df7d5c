import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { findListing, type ListingSubject } from "@/lib/blog/listings";
import type { Post } from "@/lib/blog/post";
import { listPath, pageCount } from "@/lib/blog/paths";
import { siteText } from "@/lib/config/text";
import { Pagination } from "./pagination";
import { PostGrid } from "./post-card";
import styles from "./blog.module.css";

/**
 * A page of posts under one subject (an author, a topic): the subject's header, its posts
 * (the first card is the page's one prefetched link) and the pager.
 */
export function ListingPage({
  before,
  header,
  heading,
  posts,
  postCount,
  page,
  basePath,
}: {
  /** Rendered ahead of the header (JSON-LD). */
  before?: ReactNode;
  header: ReactNode;
  /** The hidden heading over the posts, for assistive technology. */
  heading: ReactNode;
  posts: Post[];
  postCount: number;
  page: number;
  basePath: string;
}) {
  return (
    <div className={`container ${styles.page}`}>
      {before}
      <header className={styles.hero}>{header}</header>
      <h2 className="visually-hidden">{heading}</h2>
      <PostGrid posts={posts} leadFirst headingLevel={3} />
      <Pagination page={page} pages={pageCount(postCount)} href={(n) => listPath(basePath, n)} />
    </div>
  );
}

type ListingData = Awaited<ReturnType<typeof findListing>>;

/**
 * Page `page` of the subject named by `segment`, or a 404 when either does not exist; `parts`
 * supplies what differs between subjects (header, hidden heading, JSON-LD).
 */
export async function ListingView<T>({
  listing,
  segment,
  page,
  parts,
}: {
  listing: ListingSubject<T>;
  segment: string;
  page: number;
  parts: (subject: T, data: ListingData) => { before?: ReactNode; header: ReactNode; heading: ReactNode };
}) {
  const data = await findListing(listing, segment, page);
  const { subject, posts } = data;
  if (!subject || !posts) notFound();
  return (
    <ListingPage
      {...parts(subject, data)}
      posts={posts}
      postCount={listing.postCount(subject)}
      page={page}
      basePath={listing.path(subject)}
    />
  );
}

/** The subject's kind, its name as the page's heading, and "12 posts" (", page 2" past the first page). */
export function ListingTitle({
  eyebrow,
  title,
  postCount,
  page,
}: {
  eyebrow: string;
  title: string;
  postCount: number;
  page: number;
}) {
  return (
    <>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.heroTitle}>{title}</h1>
      <p className={styles.lede}>
        {`${siteText()("listing.posts", { count: postCount })}${page > 1 ? siteText()("listing.pageSuffix", { page }) : ""}`}
      </p>
    </>
  );
}
