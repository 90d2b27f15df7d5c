import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { findListing, type ListingSubject } from "@/lib/blog/listings";
import { listPath, pageCount } from "@/lib/blog/paths";
import { siteText } from "@/lib/config/text";
import type { Translate } from "@/lib/i18n";
import { Pagination } from "./pagination";
import { PostGrid } from "./post-card";
import styles from "./blog.module.css";

type ListingParts = {
  /** Rendered ahead of the header (JSON-LD). */
  before?: ReactNode;
  /** The subject's kind, over its name. */
  eyebrow: string;
  title: string;
  /** A portrait beside the title (null: a profile without one). */
  picture?: ReactNode;
  /** Under the title (an author's topics). */
  after?: ReactNode;
  /** The hidden heading over the posts, for assistive technology. */
  heading: string;
};

/**
 * Page `page` of the subject (an author, a topic) named by `segment`, or a 404 when either does
 * not exist: the subject's header with "12 posts" (", page 2" past the first page), its posts
 * (the first card is the page's one prefetched link) and the pager. `parts` supplies what
 * differs between subjects.
 */
export type ListingProps = { segment: string; page: number };

export async function ListingView<T>({
  listing,
  segment,
  page,
  parts,
}: ListingProps & {
  listing: ListingSubject<T>;
  parts: (subject: T, data: Awaited<ReturnType<typeof findListing>>, t: Translate) => ListingParts;
}) {
  const data = await findListing(listing, segment, page);
  const { subject, posts } = data;
  if (!subject || !posts) notFound();
  const t = siteText();
  const { before, eyebrow, title, picture, after, heading } = parts(subject, data, t);
  const postCount = listing.postCount(subject);
  const titles = (
    <>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.heroTitle}>{title}</h1>
      <p className={styles.lede}>
        {`${t("listing.posts", { count: postCount })}${page > 1 ? t("listing.pageSuffix", { page }) : ""}`}
      </p>
    </>
  );
  return (
    <div className={`container ${styles.page}`}>
      {before}
      <header className={styles.hero}>
        {picture !== undefined ? (
          <div className={styles.profile}>
            {picture}
            <div>{titles}</div>
          </div>
        ) : (
          titles
        )}
        {after}
      </header>
      <h2 className="visually-hidden">{heading}</h2>
      <PostGrid posts={posts} leadFirst headingLevel={3} />
      <Pagination page={page} pages={pageCount(postCount)} href={(n) => listPath(listing.path(subject), n)} />
    </div>
  );
}
