import "server-only";
import { revalidateTag } from "next/cache";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { forgetBlogData } from "./source";

/**
 * Refreshes every blog page, feed, sitemap and preview image from the workspace. Used by
 * POST /api/revalidate and by the admin's "refresh blog" button.
 *
 * Every blog route reads the slugs through Next's data cache with BLOG_CACHE_TAG, so the tag
 * reaches them all. The "max" profile is stale-while-revalidate: the next view still gets the
 * current page and triggers the regeneration, which shows the new posts from then on. If the
 * workspace fails at that moment, the regeneration throws and Next keeps the last good pages
 * (an immediate expiry, `{ expire: 0 }`, would answer 500 instead: measured).
 */
export async function revalidateBlog(): Promise<{ revalidatedAt: string }> {
  forgetBlogData();
  revalidateTag(BLOG_CACHE_TAG, "max");
  return { revalidatedAt: new Date().toISOString() };
}
