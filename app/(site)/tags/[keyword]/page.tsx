import { listingRoute, topicListing } from "@/lib/blog/listings";
import { TagView } from "./tag-view";

const route = listingRoute(topicListing, "keyword", TagView);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
