import { firstPageRoute, topicListing } from "@/lib/blog/listings";
import { TagView } from "./tag-view";

const route = firstPageRoute(topicListing, "keyword", TagView);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
