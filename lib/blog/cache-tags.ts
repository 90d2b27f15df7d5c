/** Next cache tags for everything the blog caches; revalidateBlog() purges them all. */
export const BLOG_CACHE_TAG = "blog";
