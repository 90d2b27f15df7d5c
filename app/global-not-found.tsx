import type { Metadata } from "next";
import "./globals.css";
import { NotFoundView } from "@/components/blog/not-found-view";
import { SiteChrome } from "@/components/site/site-footer";
import { AccentStyle } from "@/components/site/accent-style";
import { titleWithSite } from "@/lib/blog/seo";
import { siteName } from "@/lib/blog/site-name";
import { env } from "@/lib/config/env";
import { siteIcon } from "@/lib/config/site-assets";
import { siteText } from "@/lib/config/text";

export async function generateMetadata(): Promise<Metadata> {
  const icon = siteIcon(env().site);
  const t = siteText();
  return {
    title: { absolute: titleWithSite(t("notFound.title"), await siteName(), t) },
    robots: { index: false },
    icons: { icon: [{ url: icon.src }] },
  };
}
// Rendered outside the root layout, so its viewport (theme colours) is repeated here.
export { viewport } from "./layout";

// Unmatched URLs, with the site's chrome: outside the root layout, where a root not-found.tsx would
// be serialised into every page's RSC payload as the layout's fallback.
export default async function GlobalNotFound() {
  const name = await siteName();
  const { site } = env();
  return (
    <html lang={site.language}>
      <AccentStyle site={site} />
      <body>
        <SiteChrome siteName={name} site={site} pathAware={false}>
          <NotFoundView />
        </SiteChrome>
      </body>
    </html>
  );
}
