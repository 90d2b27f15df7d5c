import "server-only";
import { env } from "../config/env";
import { siteText } from "../config/text";
import type { FeedSettings } from "./feeds";
import type { SeoSettings } from "./seo";
import { loadBlog } from "./source";

/** What a blog page or route needs: the blog plus the settings that shape its URLs. */
export async function blogForPage() {
  const { blog, slugs } = await loadBlog();
  const config = env();
  const t = siteText();
  const settings: SeoSettings & FeedSettings & { prerenderLimit: number } = {
    siteUrl: config.siteUrl,
    postUrlTemplate: config.blog.postUrlTemplate,
    prerenderLimit: config.blog.prerenderLimit,
    feedItems: config.blog.feedItems,
    language: config.site.language,
    description: config.site.description,
    sameAs: config.site.social.filter((s) => s.me).map((s) => s.url),
    t,
  };
  return { blog, slugs, settings, site: config.site, t };
}

/** The plain 404 of a route handler (a preview image, a sitemap file). */
export const notFoundText = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
