import "server-only";
import { randomUUID } from "node:crypto";
import { unstable_cache } from "next/cache";
import { BLOG_CACHE_TAG } from "./cache-tags";
import type { TagMark } from "./store-state";

/*
 * How the blog store on each instance learns that the blog was revalidated on another one,
 * through Next's own revalidation: a tiny value in Next's data cache, tagged with the blog's tag
 * and made again (with a new id, dated when it was made) after every revalidation of that tag,
 * wherever it happened. With several instances the cache is shared through Redis
 * (lib/next-cache/), so the tag reaches every instance's copy of this value as it reaches their
 * pages. The store reads it in every render that uses the blog and once a second in the
 * background (through this instance's own /api/blog/tag-mark), and drops a copy older than a new
 * mark (lib/blog/source.ts).
 */
export const blogTagMark: () => Promise<TagMark> = unstable_cache(
  async () => ({ id: randomUUID(), at: Date.now() }),
  ["blog-tag-mark"],
  { tags: [BLOG_CACHE_TAG] },
);
