import { ListingView } from "@/components/blog/listing-page";
import { topicListing } from "@/lib/blog/listings";
import { siteText } from "@/lib/config/text";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts. */
export function TagView(props: { segment: string; page: number }) {
  const t = siteText();
  return (
    <ListingView
      {...props}
      listing={topicListing}
      parts={(keyword) => ({
        eyebrow: t("topic.eyebrow"),
        title: keyword.label,
        heading: t("topic.heading", { topic: keyword.label }),
      })}
    />
  );
}
