import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { findListing, type ListingSubject } from "@/lib/blog/listings";
import { listPath, pageCount } from "@/lib/blog/paths";
import { Pagination } from "./pagination";
import { PostGrid } from "./post-card";
import styles from "./blog.module.css";

/** `picture`: a portrait beside the title (null: a profile without one); `heading`: hidden, over the posts. */
type ListingParts = {
  before?: ReactNode;
  eyebrow: string;
  title: string;
  picture?: ReactNode;
  after?: ReactNode;
  heading: string;
};

/** Page `page` of the subject (an author, a topic) named by `segment`, or a 404; `parts` are what differs. */
export type ListingProps = { segment: string; page: number };

export async function ListingView<T extends { postCount: number }>({
  listing,
  segment,
  page,
  parts,
}: ListingProps & {
  listing: ListingSubject<T>;
  parts: (subject: T, data: Awaited<ReturnType<typeof findListing>>) => ListingParts;
}) {
  const data = await findListing(listing, segment, page);
  const { subject, posts, t } = data;
  if (!subject || !posts) notFound();
  const { before, eyebrow, title, picture, after, heading } = parts(subject, data);
  const { postCount } = subject;
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
      <Pagination page={page} pages={pageCount(postCount)} href={(n) => listPath(listing.path(segment), n)} />
    </div>
  );
}
