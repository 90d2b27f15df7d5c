import { authorListing, laterPageRoute } from "@/lib/blog/listings";
import { AuthorView } from "../../author-view";

const route = laterPageRoute(authorListing, "id", AuthorView);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
