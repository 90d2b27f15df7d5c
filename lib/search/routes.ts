import "server-only";
import { blogForPage } from "../blog/pages";
import { escapeXml } from "../blog/sitemap";
import { siteIcon } from "../config/site-assets";
import { cutAtWord } from "../config/site";

/** The OpenSearch 1.1 description that lets browsers add the site's search to the address bar. */
export async function openSearchResponse() {
  const { blog, settings, site, t } = await blogForPage();
  const { siteUrl } = settings;
  const icon = siteIcon(site);
  // The specification limits ShortName to 16 characters.
  const shortName = [...cutAtWord(blog.name, 16)].slice(0, 16).join("").trim() || "Blog";
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${escapeXml(shortName)}</ShortName>
  <Description>${escapeXml(t("search.openSearch", { site: blog.name }))}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image height="16" width="16"${icon.type ? ` type="${icon.type}"` : ""}>${escapeXml(new URL(icon.src, siteUrl).href)}</Image>
  <Url type="text/html" method="get" template="${escapeXml(`${siteUrl}/search?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(`${siteUrl}/opensearch.xml`)}"/>
</OpenSearchDescription>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/opensearchdescription+xml; charset=utf-8" },
  });
}
