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

/**
 * One post of the store. A blog keeps every post in memory, so a post is stored compactly
 * (StoredPost below): its date as a number, its image URLs as a shared pattern around its slug
 * where they have one, its author and keyword lists shared with every post that names the same
 * ones. Readers see plain read-only values; the shared lists are frozen.
 */
export type Post = {
  readonly slug: string;
  readonly title: string;
  /** <title> and og:title; falls back to the title (then the same string). */
  readonly pageTitle: string;
  readonly description: string;
  /** ISO 8601, normalized to UTC (computed from publishedTime on each read). */
  readonly publishedAt: string;
  /** The publication time in milliseconds since the epoch: compare and sort by this. */
  readonly publishedTime: number;
  readonly authors: readonly PostAuthor[];
  readonly keywords: readonly Keyword[];
  readonly coverImageUrl: string | null;
  readonly thumbnailImageUrl: string | null;
};

export type AuthorProfile = PostAuthor & { postCount: number; latestPostAt: string; keywords: Keyword[] };

/** Posts by slug: a sorted index of the posts' positions, not a map entry per post. */
export type PostsBySlug = { get(slug: string): Post | undefined; has(slug: string): boolean };

export type Blog = {
  name: string;
  /** Newest first. */
  posts: Post[];
  authors: AuthorProfile[];
  /** Most used first. */
  keywords: (Keyword & { postCount: number })[];
  bySlug: PostsBySlug;
  postsByAuthor: Map<string, Post[]>;
  postsByKeyword: Map<string, Post[]>;
  /** Problems found while normalizing (dropped or repaired entries), for the log: the first 50. */
  problems: string[];
  /** How many problems there were in all. */
  problemCount: number;
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

/** An image URL that is the post's slug between two parts many posts share, e.g. `https://cdn/covers/` and `.png`. */
class AroundSlug {
  constructor(
    readonly before: string,
    readonly after: string,
  ) {}
}

/** How a post keeps an image URL: none, the URL itself, or a shared pattern around its slug. */
type ImageRef = null | string | AroundSlug;

const imageUrl = (ref: ImageRef, slug: string): string | null =>
  ref === null || typeof ref === "string" ? ref : ref.before + slug + ref.after;

class StoredPost implements Post {
  constructor(
    readonly slug: string,
    readonly title: string,
    readonly pageTitle: string,
    readonly description: string,
    readonly publishedTime: number,
    readonly authors: readonly PostAuthor[],
    readonly keywords: readonly Keyword[],
    private readonly cover: ImageRef,
    private readonly thumbnail: ImageRef,
  ) {}

  get publishedAt(): string {
    return new Date(this.publishedTime).toISOString();
  }

  get coverImageUrl(): string | null {
    return imageUrl(this.cover, this.slug);
  }

  get thumbnailImageUrl(): string | null {
    return imageUrl(this.thumbnail, this.slug);
  }

  /** What a post's own properties would be: tests and logs print this. */
  toJSON() {
    const { slug, title, pageTitle, description, publishedAt, authors, keywords } = this;
    return {
      slug,
      title,
      pageTitle,
      description,
      publishedAt,
      authors,
      keywords,
      coverImageUrl: this.coverImageUrl,
      thumbnailImageUrl: this.thumbnailImageUrl,
    };
  }
}

/** One value per distinct key: the first one made. */
function interner<T>() {
  const known = new Map<string, T>();
  return (key: string, make: () => T): T => {
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = make()));
    return value;
  };
}

/** Sorted positions of the posts by slug: 4 bytes a post, found by binary search. */
function slugIndex(posts: readonly Post[]): PostsBySlug {
  const order = new Uint32Array(posts.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => {
    const x = posts[a]!.slug;
    const y = posts[b]!.slug;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const get = (slug: string): Post | undefined => {
    let lo = 0;
    let hi = order.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const post = posts[order[mid]!]!;
      if (post.slug === slug) return post;
      if (post.slug < slug) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  return { get, has: (slug) => get(slug) !== undefined };
}

const MAX_PROBLEMS_KEPT = 50;

/**
 * Builds the blog from the workspace's list: drops entries that cannot be shown (no slug,
 * no title, unreadable date, duplicate slug) and repairs the rest (trimmed text, deduplicated
 * keywords and authors, non-HTTP image URLs removed). Every drop is counted in `problemCount`,
 * and the first ones are described in `problems`.
 */
export function buildBlog(input: { blogName: string; posts: Iterable<BlogPost> }): Blog {
  const problems: string[] = [];
  let problemCount = 0;
  const problem = (text: string) => {
    if (problemCount++ < MAX_PROBLEMS_KEPT) problems.push(text);
  };
  type Draft = {
    slug: string;
    title: string;
    pageTitle: string;
    description: string;
    time: number;
    authors: readonly PostAuthor[];
    /** The post's keywords as spelled on it (one shared list per spelling). */
    labels: readonly string[];
    cover: ImageRef;
    thumbnail: ImageRef;
  };
  const drafts: Draft[] = [];
  const seenSlugs = new Set<string>();
  // A blog has a few authors and keywords over many posts: every post that names one the same
  // way shares one object (and one copy of each string), and every post that names the same
  // list shares one frozen list, instead of a copy per post.
  const sharedAuthor = interner<PostAuthor>();
  const authorNumber = new Map<PostAuthor, number>();
  const sharedAuthorList = interner<readonly PostAuthor[]>();
  const sharedLabels = interner<readonly string[]>();
  const sharedPattern = interner<AroundSlug>();
  const imageRef = (value: string, slug: string): ImageRef => {
    const url = httpUrl(value);
    if (url === null) return null;
    const at = url.lastIndexOf(slug);
    if (at < 0) return url;
    const before = url.slice(0, at);
    const after = url.slice(at + slug.length);
    return sharedPattern(`${before}\n${after}`, () => new AroundSlug(before, after));
  };

  for (const raw of input.posts) {
    const slug = xmlText(raw.slug).trim();
    const title = clean(raw.title);
    const time = Date.parse(raw.publishedAt);
    if (!slug || slug.includes("/") || !title) {
      problem(`dropped a post with ${!title ? "no title" : "an unusable slug"} (slug "${raw.slug}")`);
      continue;
    }
    if (Number.isNaN(time)) {
      problem(`dropped "${slug}": unreadable publication date "${raw.publishedAt}"`);
      continue;
    }
    if (seenSlugs.has(slug)) {
      problem(`dropped a second post with the slug "${slug}"`);
      continue;
    }
    seenSlugs.add(slug);

    const authors: PostAuthor[] = [];
    for (const a of raw.authors) {
      const id = xmlText(a.id).trim();
      if (!id || authors.some((x) => x.id === id)) continue;
      const name = clean(a.name) || "Unknown author";
      const avatarUrl = httpUrl(a.profileImageUrl);
      authors.push(
        sharedAuthor(`${id}\n${name}\n${avatarUrl ?? ""}`, () => {
          const author = { id, name, avatarUrl };
          authorNumber.set(author, authorNumber.size);
          return author;
        }),
      );
    }
    const labels: string[] = [];
    const keys = new Set<string>();
    for (const k of raw.keywords) {
      const label = clean(k);
      const key = keywordKey(label);
      if (!key || keys.has(key)) continue;
      keys.add(key);
      labels.push(label);
    }
    const pageTitle = clean(raw.pageTitle);
    drafts.push({
      slug,
      title,
      // Most posts' page title is their title: one string for both.
      pageTitle: pageTitle && pageTitle !== title ? pageTitle : title,
      description: clean(raw.metaDescription),
      time,
      authors: sharedAuthorList(authors.map((a) => authorNumber.get(a)).join(","), () =>
        Object.freeze(authors),
      ),
      labels: sharedLabels(labels.join("\n"), () => Object.freeze(labels)),
      cover: imageRef(raw.coverImageUrl, slug),
      thumbnail: imageRef(raw.thumbnailImageUrl, slug),
    });
  }

  // Newest first; ties broken by slug so every build orders the same way.
  drafts.sort((a, b) => b.time - a.time || a.slug.localeCompare(b.slug));

  // Slugs are assigned oldest first so that new posts never rename an existing tag.
  const keysOldestFirst: string[] = [];
  for (let i = drafts.length - 1; i >= 0; i--)
    for (const label of drafts[i]!.labels) keysOldestFirst.push(keywordKey(label));
  const slugByKey = assignKeywordSlugs(keysOldestFirst);
  keysOldestFirst.length = 0;
  // The label readers see is the spelling of the newest post that uses the keyword.
  const keywordObjects = new Map<string, Keyword>();
  const keywordFor = (label: string): Keyword => {
    const key = keywordKey(label);
    let keyword = keywordObjects.get(key);
    if (!keyword) keywordObjects.set(key, (keyword = { slug: slugByKey.get(key)!, label }));
    return keyword;
  };
  // Newest first, so the first post to name a keyword gives its label.
  const sharedKeywords = new Map<readonly string[], readonly Keyword[]>();
  const keywordsOf = (labels: readonly string[]): readonly Keyword[] => {
    let keywords = sharedKeywords.get(labels);
    if (!keywords) sharedKeywords.set(labels, (keywords = Object.freeze(labels.map(keywordFor))));
    return keywords;
  };

  const posts: Post[] = new Array<Post>(drafts.length);
  // The author objects are the shared ones: the same author is the same object on every post.
  const postsByAuthor = new Map<string, Post[]>();
  const postsByKeyword = new Map<string, Post[]>();
  const authorById = new Map<string, PostAuthor>();
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i]!;
    const post = new StoredPost(
      d.slug,
      d.title,
      d.pageTitle,
      d.description,
      d.time,
      d.authors,
      keywordsOf(d.labels),
      d.cover,
      d.thumbnail,
    );
    posts[i] = post;
    for (const a of post.authors) {
      if (!authorById.has(a.id)) authorById.set(a.id, a); // newest post's name and avatar win
      const list = postsByAuthor.get(a.id);
      if (list) list.push(post);
      else postsByAuthor.set(a.id, [post]);
    }
    for (const k of post.keywords) {
      const list = postsByKeyword.get(k.slug);
      if (list) list.push(post);
      else postsByKeyword.set(k.slug, [post]);
    }
  }
  drafts.length = 0;

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
    bySlug: slugIndex(posts),
    postsByAuthor,
    postsByKeyword,
    problems,
    problemCount,
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
