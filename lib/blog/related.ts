import type { Blog } from "./model";
import type { Post } from "./post";

/** The newer and the older neighbour of a post in the blog's newest-first order. */
export function postNeighbours(blog: Blog, post: Post): { newer: Post | undefined; older: Post | undefined } {
  const index = blog.posts.indexOf(post);
  return { newer: index > 0 ? blog.posts[index - 1] : undefined, older: blog.posts[index + 1] };
}

// Up to three posts sharing the most keywords (2 each) and authors (1 each), newest first on ties,
// among the newest 50 of each, so a large topic costs no more than a small one.
export function relatedPosts(blog: Blog, post: Post): Post[] {
  const keys = new Set(post.keywords.map((k) => k.slug));
  const authors = new Set(post.authors.map((a) => a.id));
  const scored: { p: Post; score: number }[] = [];
  const candidates = new Set<Post>();
  for (const k of keys) for (const p of blog.postsByKeyword.get(k)?.slice(0, 50) ?? []) candidates.add(p);
  for (const a of authors) for (const p of blog.postsByAuthor.get(a)?.slice(0, 50) ?? []) candidates.add(p);
  for (const p of candidates) {
    if (p.slug === post.slug) continue;
    const score =
      p.keywords.filter((k) => keys.has(k.slug)).length * 2 +
      p.authors.filter((a) => authors.has(a.id)).length;
    scored.push({ p, score });
  }
  scored.sort((a, b) => b.score - a.score || b.p.publishedTime - a.p.publishedTime);
  return scored.slice(0, 3).map((s) => s.p);
}
