import type { ApiContext } from "../context";
import { json } from "../http";
import { imagePath } from "../images";
import { blogName } from "../store";

type Author = { id: string; name: string; profile_image_url: string; email: string };

type PostRow = {
  id: number;
  slug: string;
  title: string;
  publication_date: string;
  page_title: string;
  meta_description: string;
  keywords: string;
  has_thumbnail: number;
};

/** API decision 7: newest first; slug breaks ties so the order is total and stable. */
function loadPosts(ctx: ApiContext): { posts: (PostRow & { authors: Author[] })[]; blogName: string } {
  const { db, workspaceId, origin } = ctx;
  const posts = db
    .prepare(
      `SELECT id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail
       FROM posts WHERE workspace_id = ? ORDER BY publication_date DESC, slug ASC`,
    )
    .all(workspaceId) as PostRow[];
  // One query for all authors instead of one per post: synthetic seeds have 10,000 posts.
  const links = db
    .prepare(
      `SELECT pa.post_id, a.id, a.name, a.email FROM post_authors pa JOIN authors a ON a.id = pa.author_id
       JOIN posts p ON p.id = pa.post_id WHERE p.workspace_id = ? ORDER BY pa.post_id, pa.position`,
    )
    .all(workspaceId) as { post_id: number; id: string; name: string; email: string }[];
  const byPost = new Map<number, Author[]>();
  for (const l of links) {
    const list = byPost.get(l.post_id) ?? [];
    list.push({
      id: l.id,
      name: l.name,
      profile_image_url: `${origin}${imagePath("avatars", l.id)}`,
      email: l.email,
    });
    byPost.set(l.post_id, list);
  }
  return {
    posts: posts.map((p) => ({ ...p, authors: byPost.get(p.id) ?? [] })),
    blogName: blogName(db, workspaceId),
  };
}

type PostRecord = ReturnType<typeof loadPosts>["posts"][number];

/** The fields v1 and v2 summaries share. */
function summary(p: PostRecord, origin: string) {
  return {
    slug: p.slug,
    title: p.title,
    publication_date: p.publication_date,
    page_title: p.page_title,
    meta_description: p.meta_description,
    cover_image_url: `${origin}${imagePath("covers", p.slug)}`,
  };
}

export function listBlogPostsV2(ctx: ApiContext): Response {
  const { posts, blogName } = loadPosts(ctx);
  return json({
    blog_posts: posts.map((p) => ({
      ...summary(p, ctx.origin),
      authors: p.authors,
      keywords: JSON.parse(p.keywords) as string[],
      // The document allows an empty string; a couple of seeded posts exercise it.
      thumbnail_image_url: p.has_thumbnail ? `${ctx.origin}${imagePath("thumbs", p.slug)}` : "",
    })),
    blog_name: blogName,
  });
}

export function listBlogSlugsV2(ctx: ApiContext): Response {
  const { db, workspaceId } = ctx;
  const rows = db
    .prepare("SELECT slug FROM posts WHERE workspace_id = ? ORDER BY publication_date DESC, slug ASC")
    .all(workspaceId) as { slug: string }[];
  return json({ slugs: rows.map((r) => r.slug) });
}

/** v1: single `author` (the first), keywords as one comma-separated string, no thumbnail. */
export function listBlogPostsV1(ctx: ApiContext): Response {
  const { posts, blogName } = loadPosts(ctx);
  return json({
    blog_posts: posts.map((p) => ({
      ...summary(p, ctx.origin),
      author: p.authors[0] ?? null,
      keywords: (JSON.parse(p.keywords) as string[]).join(", "),
    })),
    blog_name: blogName,
  });
}
