import type { Metadata } from "next";
import { NotFoundView } from "@/components/blog/not-found-view";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Unknown post, author or tag: the site's own page, inside the site layout, with status 404. */
export default function SiteNotFound() {
  return <NotFoundView />;
}
