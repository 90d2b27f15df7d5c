import type { Metadata } from "next";
import "./globals.css";
import { NotFoundView } from "@/components/blog/not-found-view";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { AccentStyle } from "@/components/site/accent-style";
import { loadBlog } from "@/lib/blog/source";
import { env } from "@/lib/config/env";
import { siteIcon } from "@/lib/config/site-assets";

export function generateMetadata(): Metadata {
  const icon = siteIcon(env().site);
  return { title: "Page not found", robots: { index: false }, icons: { icon: [{ url: icon.src }] } };
}
// Rendered outside the root layout, so its viewport (theme colours) is repeated here.
export { viewport } from "./layout";

/**
 * Unmatched URLs: the same page as inside the site, with the site's header and footer.
 * A global not-found page (experimental.globalNotFound) is rendered on its own, outside the
 * root layout; a root not-found.tsx would instead be serialised into the RSC payload of
 * every page as the root layout's fallback (a second header and footer on each page).
 */
export default async function GlobalNotFound() {
  // A 404 must never turn into a 500: without the blog, the page still renders.
  const siteName = await loadBlog().then(
    ({ blog }) => blog.name,
    () => "Masthead",
  );
  const { site } = env();
  return (
    <html lang={site.language}>
      <AccentStyle site={site} />
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader siteName={siteName} site={site} />
        <main id="main">
          <NotFoundView />
        </main>
        <SiteFooter siteName={siteName} site={site} newsletter={<NewsletterForm />} />
      </body>
    </html>
  );
}
