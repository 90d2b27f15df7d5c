import { laterPageRoute, topicListing } from "@/lib/blog/listings";
import { TagView } from "../../tag-view";

const route = laterPageRoute(topicListing, "keyword");
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

export default async function TagPageN({ params }: { params: Promise<{ keyword: string; page: string }> }) {
  const { segment, page } = await route.page(params);
  return <TagView slug={segment} page={page} />;
}
