import "server-only";
import { revalidateTag } from "next/cache";
import { stateHealth } from "../state";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { redisTargetFromVars } from "../config/redis-target.mjs";
import { forgetBlogData } from "./source";

export type BlogRevalidation = {
  revalidatedAt: string;
  /**
   * False when Redis is configured but unreachable: this instance refreshes, and the others
   * learn of it only once Redis is back (Next's cache handler writes the tag then, as long as
   * this instance keeps running), so they may serve the old posts until then.
   */
  reachedAllInstances: boolean;
};

/** Redis reconnects within ~2 s of coming back; a retry after this long finds it if it is. */
export const RETRY_AFTER_SECONDS = 30;

/** What a reader of /api/revalidate or the admin's refresh button is told when Redis is down. */
export const NOT_EVERY_INSTANCE =
  "The blog is refreshing on this server, but the shared cache (Redis) is unreachable, so other servers may keep showing the old posts until it is back. Try again in a minute to be sure every server has it.";

/**
 * Refreshes every blog page, feed, sitemap and preview image from the workspace. Used by
 * POST /api/revalidate and by the admin's "refresh blog" button.
 *
 * Every blog route reads a tiny value tagged BLOG_CACHE_TAG (lib/blog/source.ts), so the tag
 * reaches them all, on every instance when REDIS_URL is set (lib/next-cache/cache-handler.mjs
 * keeps tag revalidations in Redis). The "max" profile is stale-while-revalidate: the next
 * view still gets the current page and triggers the regeneration, which shows the new posts
 * from then on. If the workspace fails at that moment, the regeneration throws and Next keeps
 * the last good pages (an immediate expiry, `{ expire: 0 }`, would answer 500 instead).
 *
 * Next applies the tag after the response is sent, so whether it reaches the other instances
 * now is judged by whether Redis answers now. With Redis, the cache handler tells every
 * instance's blog store, this one's too, as it applies the tag (lib/blog/source.ts); alone,
 * Next's own cache tells nobody, so the store drops its copy here.
 */
export async function revalidateBlog(): Promise<BlogRevalidation> {
  if (redisTargetFromVars(process.env) === null) forgetBlogData();
  revalidateTag(BLOG_CACHE_TAG, "max");
  const revalidatedAt = new Date().toISOString();
  const health = await stateHealth();
  return { revalidatedAt, reachedAllInstances: health.engine === "embedded" || health.redis === "up" };
}
