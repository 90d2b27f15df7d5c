import { NotFoundView } from "@/components/blog/not-found-view";

export { generateMetadata } from "../not-found";

/** Unknown post, author or tag: the site's own page, inside the site layout, with status 404. */
export default function SiteNotFound() {
  return <NotFoundView />;
}
