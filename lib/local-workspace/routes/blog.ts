import { type ApiContext, json } from "../http";
import { imagePath, type ImageKind } from "../images";
import { blogName, type PostRow } from "../store";

/** API decision 7: newest first; slug breaks ties so the order is total and stable. */
const NEWEST_FIRST = "ORDER BY publication_date DESC, slug ASC";

/** v1 differs: a single `author` (the first), keywords as one comma-separated string, no thumbnail. */
function listBlogPosts(version: 1 | 2) {
  return ({ db, workspaceId, origin }: ApiContext): Response => {
    const posts = db
      .prepare(
        `SELECT id, slug, title, publication_date, page_title, meta_description, keywords, has_thumbnail
         FROM posts WHERE workspace_id = ? ${NEWEST_FIRST}`,
      )
      .all(workspaceId) as PostRow[];
    // One query for all authors instead of one per post: synthetic seeds have 10,000 posts.
    const links = db
      .prepare(
        `SELECT pa.post_id, a.id, a.name, a.email FROM post_authors pa JOIN authors a ON a.id = pa.author_id
         JOIN posts p ON p.id = pa.post_id WHERE p.workspace_id = ? ORDER BY pa.post_id, pa.position`,
      )
      .all(workspaceId) as { post_id: number; id: string; name: string; email: string }[];
    const byPost = Map.groupBy(links, (l) => l.post_id);
    const image = (kind: ImageKind, key: string) => `${origin}${imagePath(kind, key)}`;
    const blog_posts = posts.map((p) => {
      const authors = (byPost.get(p.id) ?? []).map(({ id, name, email }) => ({
        id,
        name,
        profile_image_url: image("avatars", id),
        email,
      }));
      const summary = {
        slug: p.slug,
        title: p.title,
        publication_date: p.publication_date,
        page_title: p.page_title,
        meta_description: p.meta_description,
        cover_image_url: image("covers", p.slug),
      };
      const keywords = JSON.parse(p.keywords) as string[];
      if (version === 1) return { ...summary, author: authors[0] ?? null, keywords: keywords.join(", ") };
      // The document allows an empty thumbnail; a couple of seeded posts exercise it.
      return {
        ...summary,
        authors,
        keywords,
        thumbnail_image_url: p.has_thumbnail ? image("thumbs", p.slug) : "",
      };
    });
    return json({ blog_posts, blog_name: blogName(db, workspaceId) });
  };
}
export const listBlogPostsV1 = listBlogPosts(1);
export const listBlogPostsV2 = listBlogPosts(2);

export function listBlogSlugsV2({ db, workspaceId }: ApiContext): Response {
  const rows = db.prepare(`SELECT slug FROM posts WHERE workspace_id = ? ${NEWEST_FIRST}`).all(workspaceId);
  return json({ slugs: (rows as { slug: string }[]).map((r) => r.slug) });
}
