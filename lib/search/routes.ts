import "server-only";
import { blogForPage } from "../blog/pages";
import { openSearchXml } from "./opensearch";

export async function openSearchResponse() {
  const { blog, settings } = await blogForPage();
  return new Response(openSearchXml(blog.name, settings.siteUrl), {
    headers: { "Content-Type": "application/opensearchdescription+xml; charset=utf-8" },
  });
}
