import type { Metadata } from "next";
import { NotFoundView } from "@/components/blog/not-found-view";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { loadBlog } from "@/lib/blog/source";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Unmatched URLs: the same page as inside the site, with the site's header and footer. */
export default async function NotFound() {
  // A 404 must never turn into a 500: without the blog, the page still renders.
  const siteName = await loadBlog().then(
    ({ blog }) => blog.name,
    () => "Masthead",
  );
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader siteName={siteName} />
      <main id="main">
        <NotFoundView />
      </main>
      <SiteFooter siteName={siteName} newsletter={<NewsletterForm />} />
    </>
  );
}
