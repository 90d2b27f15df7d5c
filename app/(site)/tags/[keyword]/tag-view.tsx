import { ListingCount, ListingView } from "@/components/blog/listing-page";
import styles from "@/components/blog/blog.module.css";
import { topicListing } from "@/lib/blog/listings";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts. */
export function TagView({ slug, page }: { slug: string; page: number }) {
  return (
    <ListingView
      listing={topicListing}
      segment={slug}
      page={page}
      parts={(keyword) => ({
        header: (
          <>
            <p className={styles.eyebrow}>Topic</p>
            <h1 className={styles.heroTitle}>{keyword.label}</h1>
            <ListingCount postCount={keyword.postCount} page={page} />
          </>
        ),
        heading: `Posts about ${keyword.label}`,
      })}
    />
  );
}
