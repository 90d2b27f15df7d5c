import { laterPageRoute, topicListing } from "@/lib/blog/listings";
import { TagView } from "../../tag-view";

const route = laterPageRoute(topicListing, "keyword", TagView);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
