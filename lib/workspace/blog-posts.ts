import "server-only";
import type { z } from "zod";
import { blogPostListWire, blogPostV1Wire, blogPostV2Wire, slugsWire } from "./schemas";
import { call, type Workspace } from "./transport";
import type { BlogPost, BlogPostList } from "./types";

/* The blog endpoints, v2 and v1; neither lists Accept, so it is not sent. */

export async function listBlogPosts(ws: Workspace): Promise<BlogPostList> {
  const body = await call(
    ws,
    {
      operation: "list_posts",
      method: "GET",
      path: "/v2/blog-posts",
      accept: false,
      retry: "idempotent",
    },
    blogPostListWire,
  );
  return readPosts(ws, body, blogPostV2Wire, "/v2/blog-posts");
}

export async function listBlogSlugs(ws: Workspace): Promise<string[]> {
  const body = await call(
    ws,
    {
      operation: "list_post_slugs",
      method: "GET",
      path: "/v2/blog-posts/slugs",
      accept: false,
      retry: "idempotent",
    },
    slugsWire,
  );
  return body.slugs;
}

export async function listBlogPostsV1(ws: Workspace): Promise<BlogPostList> {
  const body = await call(
    ws,
    { operation: "list_posts_v1", method: "GET", path: "/v1/blog_posts", accept: false, retry: "idempotent" },
    blogPostListWire,
  );
  return readPosts(ws, body, blogPostV1Wire, "/v1/blog_posts");
}

/** The posts that read as `entry`, newest first; the others skipped, counted and logged. */
function readPosts(
  ws: Workspace,
  body: z.output<typeof blogPostListWire>,
  entry: typeof blogPostV2Wire | typeof blogPostV1Wire,
  path: string,
): BlogPostList {
  const posts: BlogPost[] = [];
  let skipped = 0;
  const list = body.blog_posts;
  for (let i = 0; i < list.length; i++) {
    const parsed = entry.safeParse(list[i]);
    // Each entry as sent is let go once read: a large blog's parsed JSON, larger than the typed
    // posts, need not stay in memory beside them until the whole list is read.
    list[i] = undefined;
    if (parsed.success) posts.push(parsed.data);
    else skipped++;
  }
  if (skipped) ws.log(`GET ${path}: skipped ${skipped} blog post(s) with an unexpected shape`);
  // Newest first whatever order the workspace used (lib/local-workspace/README.md, API decision 7); ties keep their order.
  posts.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  return { blogName: body.blog_name, posts, skipped };
}
