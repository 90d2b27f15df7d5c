export const POSTS_PER_PAGE = 12;

export const pageCount = (postCount: number) => Math.max(1, Math.ceil(postCount / POSTS_PER_PAGE));

/** Posts of index page `page` (1-based), or null when the page does not exist. */
export function postsOnPage<T>(posts: T[], page: number): T[] | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount(posts.length)) return null;
  return posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
}

/** Index pages (2..n) covering the prerendered posts. */
export function prerenderPages(postCount: number, limit: number): number[] {
  const last = Math.min(pageCount(postCount), Math.max(1, Math.ceil(limit / POSTS_PER_PAGE)));
  return Array.from({ length: Math.max(0, last - 1) }, (_, i) => i + 2);
}

/** The external article URL when BLOG_POST_URL_TEMPLATE is set. */
export function externalPostUrl(template: string | null, slug: string): string | null {
  return template ? template.replaceAll("{slug}", encodeURIComponent(slug)) : null;
}

export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const authorPath = (id: string) => `/authors/${encodeURIComponent(id)}`;
export const tagPath = (slug: string) => `/tags/${slug}`;
/** Page n of a list under `base` ("/blog", "/tags/x"). */
export const listPath = (base: string, page: number) => (page <= 1 ? base : `${base}/page/${page}`);
export const indexPath = (page: number) => listPath("/blog", page);

/** A URL segment decoded, or as it is when it is not valid percent-encoding. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Parses a /page/N segment; anything but a plain positive integer is NaN (a 404). */
export const parsePageParam = (raw: string) => (/^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : NaN);
