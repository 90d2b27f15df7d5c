import { authorListing, firstPageRoute } from "@/lib/blog/listings";
import { AuthorView } from "./author-view";

const route = firstPageRoute(authorListing, "id", AuthorView);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
