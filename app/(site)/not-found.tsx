import type { Metadata } from "next";
import { NotFoundView } from "@/components/blog/not-found-view";
import { siteText } from "@/lib/config/text";

export function generateMetadata(): Metadata {
  return { title: siteText()("notFound.title"), robots: { index: false } };
}

/** Unknown post, author or tag: the site's own page, inside the site layout, with status 404. */
export default function SiteNotFound() {
  return <NotFoundView />;
}
