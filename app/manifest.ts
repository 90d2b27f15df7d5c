import type { MetadataRoute } from "next";
import { loadBlog } from "@/lib/blog/source";
import { env } from "@/lib/config/env";
import { cutAtWord } from "@/lib/config/site";
import { siteIcon } from "@/lib/config/site-assets";

// Built once from the site's configuration (SITE_CONFIG) and the blog's name, then served as built.
export const dynamic = "force-static";

export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const { site } = env();
  const { blog } = await loadBlog();
  const icon = siteIcon(site);
  return {
    name: blog.name,
    short_name: site.shortName ?? cutAtWord(blog.name, 12),
    description: site.description,
    lang: site.language,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: site.accent.light,
    icons: [
      {
        src: icon.src,
        sizes: icon.type === "image/svg+xml" ? "any" : undefined,
        ...(icon.type ? { type: icon.type } : {}),
      },
    ],
  };
}
