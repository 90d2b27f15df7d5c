import { jsonLdText } from "@/lib/blog/seo";

/** Structured data for search engines; not executable, so the CSP's script-src does not apply. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
