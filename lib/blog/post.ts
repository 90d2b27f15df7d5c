import { httpUrl } from "./text";

// A post as pages read it (Post), and as the store keeps it (StoredPost): its date a number, image
// URLs a shared pattern around its slug, author and keyword lists shared.

export type PostAuthor = { id: string; name: string; avatarUrl: string | null };

/** `slug`: the segment under /tags/ (ASCII, stable as posts are added); `label`: the newest post's spelling. */
export type Keyword = { slug: string; label: string };

export type Post = {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** ISO 8601 in UTC, computed from publishedTime (compare and sort by that). */
  readonly publishedAt: string;
  readonly publishedTime: number;
  readonly authors: readonly PostAuthor[];
  readonly keywords: readonly Keyword[];
  readonly coverImageUrl: string | null;
  readonly thumbnailImageUrl: string | null;
};

export type PostsBySlug = { get(slug: string): Post | undefined; has(slug: string): boolean };

/** An image URL that is the post's slug between two parts many posts share (`https://cdn/covers/`, `.png`). */
type AroundSlug = { readonly before: string; readonly after: string };

export type ImageRef = null | string | AroundSlug;

const imageUrl = (ref: ImageRef, slug: string): string | null =>
  ref === null || typeof ref === "string" ? ref : ref.before + slug + ref.after;

export class StoredPost implements Post {
  /** Set once every post of the list is read (keyword slugs depend on them all). */
  keywords: readonly Keyword[] = [];

  constructor(
    readonly slug: string,
    readonly title: string,
    readonly description: string,
    readonly publishedTime: number,
    readonly authors: readonly PostAuthor[],
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
}

/** One value per distinct key: the first one made. */
export function interner<T>() {
  const known = new Map<string, T>();
  return (key: string, make: () => T): T => {
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = make()));
    return value;
  };
}

/** A post's image URL kept as null (not http(s)), a shared pattern around its slug, or the URL itself. */
export function imageRefs(): (value: string, slug: string) => ImageRef {
  const sharedPattern = interner<AroundSlug>();
  return (value, slug) => {
    const url = httpUrl(value);
    if (url === null) return null;
    const at = url.lastIndexOf(slug);
    if (at < 0) return url;
    const before = url.slice(0, at);
    const after = url.slice(at + slug.length);
    return sharedPattern(`${before}\n${after}`, () => ({ before, after }));
  };
}

/** Sorted positions of the posts by slug: 4 bytes a post, found by binary search. */
export function slugIndex(posts: readonly Post[]): PostsBySlug {
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
