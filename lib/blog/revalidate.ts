import "server-only";
import { revalidateTag } from "next/cache";
import { stateHealth } from "../state";
import { redisTargetFromVars } from "../config/redis-target.mjs";
import { BLOG_CACHE_TAG, forgetBlogData } from "./source";

/** Redis reconnects within ~2 s of coming back; a retry after this long finds it if it is. */
export const RETRY_AFTER_SECONDS = 30;

// "max" is stale-while-revalidate: a workspace failing at regeneration leaves the last good pages
// (`expire: 0` would answer 500). With Redis the cache handler tells every instance's store.
export async function revalidateBlog() {
  if (redisTargetFromVars(process.env) === null) forgetBlogData();
  revalidateTag(BLOG_CACHE_TAG, "max");
  const revalidatedAt = new Date().toISOString();
  const health = await stateHealth();
  // Not every instance was told when Redis is configured but unreachable.
  return { revalidatedAt, reachedAllInstances: health.engine === "embedded" || health.redis === "up" };
}
