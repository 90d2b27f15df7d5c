import { createHash } from "node:crypto";
import type { BlogPost } from "../workspace/types";
import { xmlText } from "./xml-text";

/*
 * The blog's domain model, built once per fetch of the blog-posts list: normalized posts,
 * authors and keywords with stable URL slugs, and lookups by slug. Pure (no env, no I/O)
 * so it is unit-tested directly and shared by pages, feeds and sitemaps.
 */

export type PostAuthor = { id: string; name: string; avatarUrl: string | null };

export type Keyword = {
  /** URL segment under /tags/. ASCII, lowercase, stable as posts are added. */
  slug: string;
  /** The spelling shown to readers (the most recent post's). */
  label: string;
};

export type Post = {
  slug: string;
  title: string;
  /** <title> and og:title; falls back to the title. */
  pageTitle: string;
  description: string;
  /** ISO 8601, normalized to UTC. */
  publishedAt: string;
  authors: PostAuthor[];
  keywords: Keyword[];
  coverImageUrl: string | null;
  thumbnailImageUrl: string | null;
};

export type AuthorProfile = PostAuthor & { postCount: number; latestPostAt: string; keywords: Keyword[] };

export type Blog = {
  name: string;
  /** Newest first. */
  posts: Post[];
  authors: AuthorProfile[];
  /** Most used first. */
  keywords: (Keyword & { postCount: number })[];
  bySlug: Map<string, Post>;
  postsByAuthor: Map<string, Post[]>;
  postsByKeyword: Map<string, Post[]>;
  /** Problems found while normalizing (dropped or repaired entries), for the log. */
  problems: string[];
};

export const POSTS_PER_PAGE = 12;
export const FALLBACK_BLOG_NAME = "Blog";

const httpUrl = (value: string): string | null => {
  const v = value.trim();
  if (!v || !URL.canParse(v)) return null;
  const protocol = new URL(v).protocol;
  return protocol === "https:" || protocol === "http:" ? v : null;
};

// Characters no page, feed or sitemap can carry (U+0001, lone surrogates...) go first, so every
// string of the model is safe to write anywhere, and encodeURIComponent never throws on a slug.
const clean = (value: string) => xmlText(value).replace(/\s+/g, " ").trim();

/** Characters that carry meaning in keywords ("C++" is not "C", "C#" is not "C"). */
const SYMBOL_WORDS: Record<string, string> = {
  "+": " plus ",
  "#": " sharp ",
  "&": " and ",
  "@": " at ",
  "%": " percent ",
};

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 6);
}

/**
 * The base URL slug of a keyword: ASCII letters and digits joined by hyphens, with the
 * symbols that distinguish keywords spelled out ("C++" → "c-plus-plus", "UX & Design" →
 * "ux-and-design"). Keywords with nothing left (e.g. only non-Latin script) get a hash.
 */
export function keywordBaseSlug(keyword: string): string {
  const spelled = keyword
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[+#&@%]/g, (ch) => SYMBOL_WORDS[ch] ?? " ")
    .toLowerCase();
  const slug = spelled
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || `tag-${shortHash(keyword.toLowerCase())}`;
}

/** Keywords are the same tag when they differ only in case and spacing. */
export const keywordKey = (keyword: string) => clean(keyword).toLowerCase();

/**
 * Assigns every distinct keyword a unique slug. When two different keywords share a base
 * slug (e.g. "C-plus" and "C plus"), the one first used (oldest post) keeps the base and the
 * others get a suffix derived from their own text, so a slug never changes as posts are added.
 */
export function assignKeywordSlugs(keysOldestFirst: string[]): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keysOldestFirst) {
    if (result.has(key)) continue;
    const base = keywordBaseSlug(key);
    let slug = base;
    if (taken.has(slug)) slug = `${base}-${shortHash(key)}`;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${shortHash(key)}-${n}`;
    taken.add(slug);
    result.set(key, slug);
  }
  return result;
}

/**
 * Builds the blog from the workspace's list: drops entries that cannot be shown (no slug,
 * no title, unreadable date, duplicate slug) and repairs the rest (trimmed text, deduplicated
 * keywords and authors, non-HTTP image URLs removed). Every drop is recorded in `problems`.
 */
export function buildBlog(input: { blogName: string; posts: BlogPost[] }): Blog {
  const problems: string[] = [];
  type Draft = Omit<Post, "keywords"> & { keywordKeys: string[]; keywordLabels: Map<string, string> };
  const drafts: Draft[] = [];
  const seenSlugs = new Set<string>();
  // A blog has a few authors and keywords over many posts: every post that names one the same
  // way shares one object (and one copy of each string), instead of a copy per post.
  const sharedAuthors = new Map<string, PostAuthor>();
  const sharedAuthor = (author: PostAuthor): PostAuthor => {
    const key = `${author.id}\n${author.name}\n${author.avatarUrl ?? ""}`;
    const known = sharedAuthors.get(key);
    if (known) return known;
    sharedAuthors.set(key, author);
    return author;
  };

  for (const raw of input.posts) {
    const slug = xmlText(raw.slug).trim();
    const title = clean(raw.title);
    const time = Date.parse(raw.publishedAt);
    if (!slug || slug.includes("/") || !title) {
      problems.push(`dropped a post with ${!title ? "no title" : "an unusable slug"} (slug "${raw.slug}")`);
      continue;
    }
    if (Number.isNaN(time)) {
      problems.push(`dropped "${slug}": unreadable publication date "${raw.publishedAt}"`);
      continue;
    }
    if (seenSlugs.has(slug)) {
      problems.push(`dropped a second post with the slug "${slug}"`);
      continue;
    }
    seenSlugs.add(slug);

    const authors: PostAuthor[] = [];
    for (const a of raw.authors) {
      const id = xmlText(a.id).trim();
      if (!id || authors.some((x) => x.id === id)) continue;
      authors.push(
        sharedAuthor({ id, name: clean(a.name) || "Unknown author", avatarUrl: httpUrl(a.profileImageUrl) }),
      );
    }
    const keywordKeys: string[] = [];
    const keywordLabels = new Map<string, string>();
    for (const k of raw.keywords) {
      const label = clean(k);
      const key = keywordKey(label);
      if (!key || keywordLabels.has(key)) continue;
      keywordKeys.push(key);
      keywordLabels.set(key, label);
    }
    const pageTitle = clean(raw.pageTitle);
    drafts.push({
      slug,
      title,
      // Most posts' page title is their title: one string for both.
      pageTitle: pageTitle && pageTitle !== title ? pageTitle : title,
      description: clean(raw.metaDescription),
      publishedAt: new Date(time).toISOString(),
      authors,
      keywordKeys,
      keywordLabels,
      coverImageUrl: httpUrl(raw.coverImageUrl),
      thumbnailImageUrl: httpUrl(raw.thumbnailImageUrl),
    });
  }

  // Newest first; ties broken by slug so every build orders the same way.
  drafts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));

  // Slugs are assigned oldest first so that new posts never rename an existing tag.
  const keysOldestFirst: string[] = [];
  for (let i = drafts.length - 1; i >= 0; i--) keysOldestFirst.push(...drafts[i]!.keywordKeys);
  const slugByKey = assignKeywordSlugs(keysOldestFirst);
  // The label readers see is the spelling of the newest post that uses the keyword.
  const labelByKey = new Map<string, string>();
  for (const d of drafts)
    for (const [key, label] of d.keywordLabels) if (!labelByKey.has(key)) labelByKey.set(key, label);
  const keywordObjects = new Map<string, Keyword>();
  const keywordFor = (key: string): Keyword => {
    let keyword = keywordObjects.get(key);
    if (!keyword)
      keywordObjects.set(key, (keyword = { slug: slugByKey.get(key)!, label: labelByKey.get(key)! }));
    return keyword;
  };

  const posts: Post[] = drafts.map(({ keywordKeys, keywordLabels: _labels, ...rest }) => ({
    ...rest,
    keywords: keywordKeys.map(keywordFor),
  }));

  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  const postsByAuthor = new Map<string, Post[]>();
  const postsByKeyword = new Map<string, Post[]>();
  const authorById = new Map<string, PostAuthor>();
  for (const post of posts) {
    for (const a of post.authors) {
      if (!authorById.has(a.id)) authorById.set(a.id, a); // newest post's name and avatar win
      const list = postsByAuthor.get(a.id) ?? [];
      list.push(post);
      postsByAuthor.set(a.id, list);
    }
    for (const k of post.keywords) {
      const list = postsByKeyword.get(k.slug) ?? [];
      list.push(post);
      postsByKeyword.set(k.slug, list);
    }
  }

  const authors: AuthorProfile[] = [...authorById.values()].map((a) => {
    const list = postsByAuthor.get(a.id)!;
    const counts = new Map<string, { k: Keyword; n: number }>();
    for (const p of list)
      for (const k of p.keywords) counts.set(k.slug, { k, n: (counts.get(k.slug)?.n ?? 0) + 1 });
    const keywords = [...counts.values()]
      .sort((x, y) => y.n - x.n || x.k.label.localeCompare(y.k.label))
      .map((c) => c.k);
    return { ...a, postCount: list.length, latestPostAt: list[0]!.publishedAt, keywords };
  });
  authors.sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name));

  const keywords = [...postsByKeyword.entries()]
    .map(([slug, list]) => ({
      slug,
      label: list[0]!.keywords.find((k) => k.slug === slug)!.label,
      postCount: list.length,
    }))
    .sort((a, b) => b.postCount - a.postCount || a.label.localeCompare(b.label));

  return {
    name: clean(input.blogName) || FALLBACK_BLOG_NAME,
    posts,
    authors,
    keywords,
    bySlug,
    postsByAuthor,
    postsByKeyword,
    problems,
  };
}

/** Compares the slugs endpoint with the list; both directions are logged, neither is fatal. */
export function reconcileSlugs(
  blog: Blog,
  slugs: string[],
): { missingFromList: string[]; missingFromSlugs: string[] } {
  const listed = new Set(slugs.map((s) => s.trim()));
  return {
    missingFromList: [...listed].filter((s) => s && !blog.bySlug.has(s)),
    missingFromSlugs: blog.posts.filter((p) => !listed.has(p.slug)).map((p) => p.slug),
  };
}

/**
 * The post slugs to prerender at build: the newest `limit` posts that the slugs endpoint
 * names and the list can render. Everything else renders on first request and is then cached.
 */
export function prerenderSlugs(blog: Blog, slugs: string[], limit: number): string[] {
  const listed = new Set(slugs.map((s) => s.trim()));
  const out: string[] = [];
  for (const post of blog.posts) {
    if (out.length >= limit) break;
    if (listed.has(post.slug)) out.push(post.slug);
  }
  return out;
}

export function pageCount(postCount: number, perPage = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(postCount / perPage));
}

/** Posts of index page `page` (1-based), or null when the page does not exist. */
export function postsOnPage<T>(posts: T[], page: number, perPage = POSTS_PER_PAGE): T[] | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount(posts.length, perPage)) return null;
  return posts.slice((page - 1) * perPage, page * perPage);
}

/** Index pages (2..n) to prerender: enough to cover the prerendered posts. */
export function prerenderPages(postCount: number, limit: number, perPage = POSTS_PER_PAGE): number[] {
  const last = Math.min(pageCount(postCount, perPage), Math.max(1, Math.ceil(limit / perPage)));
  const pages: number[] = [];
  for (let n = 2; n <= last; n++) pages.push(n);
  return pages;
}

/** The external article URL when BLOG_POST_URL_TEMPLATE is set. */
export function externalPostUrl(template: string | null, slug: string): string | null {
  return template ? template.replaceAll("{slug}", encodeURIComponent(slug)) : null;
}

export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const authorPath = (id: string) => `/authors/${encodeURIComponent(id)}`;
export const tagPath = (slug: string) => `/tags/${slug}`;
/** Page n of a paginated list under `base` ("/blog", "/tags/x", "/authors/y"). */
export const listPath = (base: string, page: number) => (page <= 1 ? base : `${base}/page/${page}`);
export const indexPath = (page: number) => listPath("/blog", page);

/** Parses a /page/N segment; anything but a plain positive integer is NaN (a 404). */
export const parsePageParam = (raw: string) => (/^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : NaN);
