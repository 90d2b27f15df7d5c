import { authorListing, firstPageRoute } from "@/lib/blog/listings";
import { AuthorView } from "./author-view";

const route = firstPageRoute(authorListing, "id");
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

export default async function AuthorPage({ params }: { params: Promise<{ id: string }> }) {
  return <AuthorView id={(await params).id} page={1} />;
}
