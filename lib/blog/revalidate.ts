import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { forgetBlogData } from "./source";

/**
 * Refreshes every blog page, feed and sitemap from the workspace. Used by
 * POST /api/revalidate and by the admin's "refresh blog" button.
 *
 * `expire: 0` rather than stale-while-revalidate: whoever presses "refresh" expects the
 * next view to show the new posts. If the workspace then fails, the regeneration throws
 * and Next keeps serving the last good pages.
 */
export async function revalidateBlog(): Promise<{ revalidatedAt: string }> {
  forgetBlogData();
  revalidateTag(BLOG_CACHE_TAG, { expire: 0 });
  // Every public page lists posts (home, index, tags, authors, feeds, sitemap).
  revalidatePath("/", "layout");
  return { revalidatedAt: new Date().toISOString() };
}
