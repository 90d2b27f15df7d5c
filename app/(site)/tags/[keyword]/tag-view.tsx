import { ListingTitle, ListingView } from "@/components/blog/listing-page";
import { topicListing } from "@/lib/blog/listings";
import { siteText } from "@/lib/config/text";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts. */
export function TagView({ segment, page }: { segment: string; page: number }) {
  const t = siteText();
  return (
    <ListingView
      listing={topicListing}
      segment={segment}
      page={page}
      parts={(keyword) => ({
        header: (
          <ListingTitle
            eyebrow={t("topic.eyebrow")}
            title={keyword.label}
            postCount={keyword.postCount}
            page={page}
          />
        ),
        heading: t("topic.heading", { topic: keyword.label }),
      })}
    />
  );
}
