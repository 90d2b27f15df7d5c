import "server-only";
import { blogForPage } from "../blog/pages";
import { openSearchXml } from "./opensearch";
import { siteIcon } from "../config/site-assets";

export async function openSearchResponse() {
  const { blog, settings, site } = await blogForPage();
  return new Response(openSearchXml(blog.name, settings.siteUrl, siteIcon(site)), {
    headers: { "Content-Type": "application/opensearchdescription+xml; charset=utf-8" },
  });
}
