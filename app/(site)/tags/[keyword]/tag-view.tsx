import { ListingView, type ListingProps } from "@/components/blog/listing-page";
import { topicListing } from "@/lib/blog/listings";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts. */
export const TagView = (props: ListingProps) => (
  <ListingView
    {...props}
    listing={topicListing}
    parts={(keyword, { t }) => ({
      eyebrow: t("topic.eyebrow"),
      title: keyword.label,
      heading: t("topic.heading", { topic: keyword.label }),
    })}
  />
);
