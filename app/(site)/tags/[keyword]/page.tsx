import { firstPageRoute, topicListing } from "@/lib/blog/listings";
import { TagView } from "./tag-view";

const route = firstPageRoute(topicListing, "keyword");
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

export default async function TagPage({ params }: { params: Promise<{ keyword: string }> }) {
  return <TagView slug={(await params).keyword} page={1} />;
}
