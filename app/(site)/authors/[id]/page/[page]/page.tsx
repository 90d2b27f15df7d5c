import { authorListing, laterPageRoute } from "@/lib/blog/listings";
import { AuthorView } from "../../author-view";

const route = laterPageRoute(authorListing, "id");
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

export default async function AuthorPageN({ params }: { params: Promise<{ id: string; page: string }> }) {
  const { segment, page } = await route.page(params);
  return <AuthorView id={segment} page={page} />;
}
