import "server-only";
import { blogForPage } from "../blog/pages";
import { openSearchXml } from "./opensearch";
import { siteIcon } from "../config/site-assets";

export async function openSearchResponse() {
  const { blog, settings, site, t } = await blogForPage();
  const description = t("search.openSearch", { site: blog.name });
  return new Response(openSearchXml(blog.name, settings.siteUrl, siteIcon(site), description), {
    headers: { "Content-Type": "application/opensearchdescription+xml; charset=utf-8" },
  });
}
