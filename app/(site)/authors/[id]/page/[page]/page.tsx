import { authorListing, listingRoute } from "@/lib/blog/listings";
import { AuthorView } from "../../author-view";

const route = listingRoute(authorListing, "id", AuthorView, true);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
