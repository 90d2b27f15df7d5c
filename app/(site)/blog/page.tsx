import { BlogIndexView, blogIndexMetadata } from "./index-view";

export const generateMetadata = () => blogIndexMetadata(1);

export default function BlogIndexPage() {
  return <BlogIndexView page={1} />;
}
