import { escapeXml } from "../blog/sitemap";
import { cutAtWord } from "../config/site";

/**
 * The OpenSearch description (opensearch.org, 1.1) that lets browsers add the site's search to
 * the address bar. ShortName is limited to 16 characters by the specification.
 */
export function openSearchXml(
  blogName: string,
  siteUrl: string,
  icon: { src: string; type: string | null } = { src: "/brand/icon", type: "image/svg+xml" },
  description = `Search the posts of ${blogName}`,
): string {
  const shortName = [...cutAtWord(blogName, 16)].slice(0, 16).join("").trim() || "Blog";
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${escapeXml(shortName)}</ShortName>
  <Description>${escapeXml(description)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image height="16" width="16"${icon.type ? ` type="${icon.type}"` : ""}>${escapeXml(new URL(icon.src, siteUrl).href)}</Image>
  <Url type="text/html" method="get" template="${escapeXml(`${siteUrl}/search?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(`${siteUrl}/opensearch.xml`)}"/>
</OpenSearchDescription>
`;
}
