import { ListingTitle, ListingView } from "@/components/blog/listing-page";
import { topicListing } from "@/lib/blog/listings";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts. */
export function TagView({ segment, page }: { segment: string; page: number }) {
  return (
    <ListingView
      listing={topicListing}
      segment={segment}
      page={page}
      parts={(keyword) => ({
        header: (
          <ListingTitle eyebrow="Topic" title={keyword.label} postCount={keyword.postCount} page={page} />
        ),
        heading: `Posts about ${keyword.label}`,
      })}
    />
  );
}
