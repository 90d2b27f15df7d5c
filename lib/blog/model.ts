import { en } from "../i18n/en";
import type { BlogPost } from "../workspace/types";
import { assignKeywordSlugs, keywordKey } from "./keyword-slugs";
import {
  imageRefs,
  interner,
  slugIndex,
  StoredPost,
  type Keyword,
  type Post,
  type PostAuthor,
  type PostsBySlug,
} from "./post";
import { clean, httpUrl, xmlText } from "./text";

// The blog's domain model, built once per fetch of the list: pure (no env, no I/O).

export type AuthorProfile = PostAuthor & { postCount: number; latestPostAt: string; keywords: Keyword[] };

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
  /** Entries dropped while normalizing, for the log: the first 50 described, all counted. */
  problems: string[];
  problemCount: number;
};

/** Drops the entries that cannot be shown (no slug or title, unreadable date, duplicate slug) and repairs the rest. */
export function buildBlog(input: {
  blogName: string;
  posts: Iterable<BlogPost>;
  /** The name an author without one is shown by, in the site's language. */
  unknownAuthor?: string;
}): Blog {
  const problems: string[] = [];
  let problemCount = 0;
  const drop = (text: string) => {
    if (problemCount++ < 50) problems.push(text);
  };
  const { posts, labels } = normalizePosts(input.posts, drop, input.unknownAuthor ?? en["author.unknown"]);
  // Newest first; ties broken by slug so every build orders the same way.
  posts.sort((a, b) => b.publishedTime - a.publishedTime || a.slug.localeCompare(b.slug));
  const keywordsOf = keywordLists(posts, labels);
  for (const post of posts) post.keywords = keywordsOf(labels.get(post)!);
  const { postsByAuthor, postsByKeyword, authorById } = indexPosts(posts);
  return {
    name: clean(input.blogName) || "Blog",
    posts,
    authors: authorProfiles(authorById, postsByAuthor),
    keywords: keywordCounts(postsByKeyword),
    bySlug: slugIndex(posts),
    postsByAuthor,
    postsByKeyword,
    problems,
    problemCount,
  };
}

function normalizePosts(raws: Iterable<BlogPost>, drop: (why: string) => void, unknownAuthor: string) {
  const posts: StoredPost[] = [];
  const labels = new Map<StoredPost, readonly string[]>();
  const seenSlugs = new Set<string>();
  const share = sharing();
  for (const raw of raws) {
    const slug = xmlText(raw.slug).trim();
    const title = clean(raw.title);
    const time = Date.parse(raw.publishedAt);
    const dropped =
      !slug || slug.includes("/") || !title
        ? `dropped a post with ${!title ? "no title" : "an unusable slug"} (slug "${raw.slug}")`
        : Number.isNaN(time)
          ? `dropped "${slug}": unreadable publication date "${raw.publishedAt}"`
          : seenSlugs.has(slug)
            ? `dropped a second post with the slug "${slug}"`
            : null;
    if (dropped !== null) {
      drop(dropped);
      continue;
    }
    seenSlugs.add(slug);
    const post = new StoredPost(
      slug,
      title,
      clean(raw.metaDescription),
      time,
      share.authorList(postAuthors(raw.authors, share.author, unknownAuthor)),
      share.image(raw.coverImageUrl, slug),
      share.image(raw.thumbnailImageUrl, slug),
    );
    posts.push(post);
    labels.set(post, share.labels(postLabels(raw.keywords)));
  }
  return { posts, labels };
}

// A few authors and keywords over many posts: one object per author and one frozen list per list.
function sharing() {
  const sharedAuthor = interner<PostAuthor>();
  const authorNumber = new Map<PostAuthor, number>();
  const sharedAuthorList = interner<readonly PostAuthor[]>();
  const sharedLabels = interner<readonly string[]>();
  return {
    author: (id: string, name: string, avatarUrl: string | null): PostAuthor =>
      sharedAuthor(`${id}\n${name}\n${avatarUrl ?? ""}`, () => {
        const author = { id, name, avatarUrl };
        authorNumber.set(author, authorNumber.size);
        return author;
      }),
    authorList: (authors: PostAuthor[]): readonly PostAuthor[] =>
      sharedAuthorList(authors.map((a) => authorNumber.get(a)).join(","), () => Object.freeze(authors)),
    labels: (labels: string[]): readonly string[] =>
      sharedLabels(labels.join("\n"), () => Object.freeze(labels)),
    image: imageRefs(),
  };
}

/** Each id once, unnamed ones named `unknownAuthor`, avatars only at http(s) URLs. */
function postAuthors(
  raw: BlogPost["authors"],
  shared: (id: string, name: string, avatarUrl: string | null) => PostAuthor,
  unknownAuthor: string,
): PostAuthor[] {
  const authors: PostAuthor[] = [];
  for (const a of raw) {
    const id = xmlText(a.id).trim();
    if (!id || authors.some((x) => x.id === id)) continue;
    authors.push(shared(id, clean(a.name) || unknownAuthor, httpUrl(a.profileImageUrl)));
  }
  return authors;
}

/** Each tag once as spelled on the post, empty ones left out. */
function postLabels(raw: readonly string[]): string[] {
  const labels: string[] = [];
  const keys = new Set<string>();
  for (const k of raw) {
    const label = clean(k);
    const key = keywordKey(label);
    if (!key || keys.has(key)) continue;
    keys.add(key);
    labels.push(label);
  }
  return labels;
}

/** Gives the posts' keywords slugs and labels; returns one frozen keyword list per label list. */
function keywordLists(
  posts: readonly Post[],
  labels: ReadonlyMap<Post, readonly string[]>,
): (labels: readonly string[]) => readonly Keyword[] {
  // Slugs are assigned oldest first so that new posts never rename an existing tag.
  const keysOldestFirst: string[] = [];
  for (let i = posts.length - 1; i >= 0; i--)
    for (const label of labels.get(posts[i]!)!) keysOldestFirst.push(keywordKey(label));
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
  const sharedKeywords = new Map<readonly string[], readonly Keyword[]>();
  return (labels) => {
    let keywords = sharedKeywords.get(labels);
    if (!keywords) sharedKeywords.set(labels, (keywords = Object.freeze(labels.map(keywordFor))));
    return keywords;
  };
}

/** The posts of each author and of each keyword, newest first, and each author by id. */
function indexPosts(posts: readonly Post[]) {
  const postsByAuthor = new Map<string, Post[]>();
  const postsByKeyword = new Map<string, Post[]>();
  const authorById = new Map<string, PostAuthor>();
  const add = (map: Map<string, Post[]>, key: string, post: Post) => {
    const list = map.get(key);
    if (list) list.push(post);
    else map.set(key, [post]);
  };
  for (const post of posts) {
    for (const a of post.authors) {
      if (!authorById.has(a.id)) authorById.set(a.id, a); // newest post's name and avatar win
      add(postsByAuthor, a.id, post);
    }
    for (const k of post.keywords) add(postsByKeyword, k.slug, post);
  }
  return { postsByAuthor, postsByKeyword, authorById };
}

/** Each author with their post count, latest post and keywords (most used first); most posts first. */
function authorProfiles(
  authorById: ReadonlyMap<string, PostAuthor>,
  postsByAuthor: ReadonlyMap<string, Post[]>,
): AuthorProfile[] {
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
  return authors.sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name));
}

function keywordCounts(postsByKeyword: ReadonlyMap<string, Post[]>): Blog["keywords"] {
  return [...postsByKeyword.entries()]
    .map(([slug, list]) => ({
      slug,
      label: list[0]!.keywords.find((k) => k.slug === slug)!.label,
      postCount: list.length,
    }))
    .sort((a, b) => b.postCount - a.postCount || a.label.localeCompare(b.label));
}

/** Where the slugs endpoint and the list disagree, both ways: warnings at build, neither fatal. */
export function slugMismatches(blog: Blog, slugs: string[]): string[] {
  const listed = new Set(slugs.map((s) => s.trim()));
  const missingFromList = [...listed].filter((s) => s && !blog.bySlug.has(s));
  const missingFromSlugs = blog.posts.filter((p) => !listed.has(p.slug)).map((p) => p.slug);
  const sample = (list: string[]) => list.slice(0, 10).join(", ") + (list.length > 10 ? ", ..." : "");
  const warnings: string[] = [];
  if (missingFromList.length)
    warnings.push(
      `${missingFromList.length} slug(s) have no post in the blog-posts list and will answer 404: ${sample(missingFromList)}`,
    );
  if (missingFromSlugs.length)
    warnings.push(
      `${missingFromSlugs.length} post(s) are missing from the slugs endpoint; they are rendered on first request: ${sample(missingFromSlugs)}`,
    );
  return warnings;
}

/** The newest `limit` posts both the slugs endpoint and the list have, prerendered at build. */
export function prerenderSlugs(blog: Blog, slugs: string[], limit: number): string[] {
  const listed = new Set(slugs.map((s) => s.trim()));
  return blog.posts
    .filter((p) => listed.has(p.slug))
    .slice(0, limit)
    .map((p) => p.slug);
}
