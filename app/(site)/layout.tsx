import type { Metadata } from "next";
import { SiteChrome } from "@/components/site/site-footer";
import { blogForPage } from "@/lib/blog/pages";
import { defaultOgPath, feedAlternates, OG_SIZE, titleWithSite } from "@/lib/blog/seo";

export async function generateMetadata(): Promise<Metadata> {
  const { blog, settings, site, t } = await blogForPage();
  const description = site.description;
  return {
    metadataBase: new URL(settings.siteUrl),
    title: { default: blog.name, template: titleWithSite("%s", blog.name, t) },
    description,
    alternates: { types: feedAlternates(blog.name, t) },
    openGraph: {
      siteName: blog.name,
      type: "website",
      images: [{ url: defaultOgPath, ...OG_SIZE, alt: blog.name }],
    },
    twitter: { card: "summary_large_image", images: [] }, // see pageMetadata in lib/blog/seo.ts
  };
}

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const { blog, site } = await blogForPage();
  return (
    <>
      {/* React hoists this into <head>: browsers offer the site's search from the address bar. */}
      <link
        rel="search"
        type="application/opensearchdescription+xml"
        title={blog.name}
        href="/opensearch.xml"
      />
      <SiteChrome siteName={blog.name} site={site}>
        {children}
      </SiteChrome>
    </>
  );
}
