import { Feed } from "feed";
import { authorPath, externalPostUrl, postPath, tagPath, type Blog } from "./model";
import { escapeXml } from "./sitemap";

/*
 * RSS 2.0, Atom 1.0 and JSON Feed 1, all from one `feed` object so the three never drift.
 * Every post is included (the issue asks feeds to cover every post); items carry the
 * summary the workspace gives, the cover as an enclosure-style image, and authors by name
 * with a link to their page (never their email address).
 */

export type FeedSettings = { siteUrl: string; postUrlTemplate: string | null };

export const FEED_PATHS = { rss: "/feed.xml", atom: "/atom.xml", json: "/feed.json" } as const;

export function buildFeed(
  blog: Blog,
  { siteUrl, postUrlTemplate }: FeedSettings,
  format: "rss" | "atom" | "json" = "rss",
): Feed {
  // feed@5 writes Atom category labels into XML attributes without escaping them, so a keyword
  // like "UX & Design" would make the Atom document malformed. Atom gets pre-escaped labels;
  // RSS and JSON escape (or need no escaping) themselves.
  const label = format === "atom" ? escapeXml : (s: string) => s;
  const updated = blog.posts[0] ? new Date(blog.posts[0].publishedAt) : new Date(0);
  const feed = new Feed({
    id: `${siteUrl}/blog`,
    title: blog.name,
    description: `The latest posts from ${blog.name}.`,
    link: `${siteUrl}/blog`,
    language: "en",
    updated,
    generator: "Masthead",
    copyright: `© ${updated.getUTCFullYear()} ${blog.name}`,
    favicon: `${siteUrl}/favicon.ico`,
    feedLinks: {
      rss: `${siteUrl}${FEED_PATHS.rss}`,
      atom: `${siteUrl}${FEED_PATHS.atom}`,
      json: `${siteUrl}${FEED_PATHS.json}`,
    },
  });
  for (const keyword of blog.keywords) feed.addCategory(label(keyword.label));
  for (const post of blog.posts) {
    const link = `${siteUrl}${postPath(post.slug)}`;
    const external = externalPostUrl(postUrlTemplate, post.slug);
    feed.addItem({
      id: link,
      guid: link,
      title: post.title,
      // The canonical article when it lives elsewhere; our page otherwise.
      link: external ?? link,
      date: new Date(post.publishedAt),
      published: new Date(post.publishedAt),
      description: post.description || undefined,
      author: post.authors.map((a) => ({ name: a.name, link: `${siteUrl}${authorPath(a.id)}` })),
      category: post.keywords.map((k) => ({ name: label(k.label), domain: `${siteUrl}${tagPath(k.slug)}` })),
      image: post.coverImageUrl ?? undefined,
    });
  }
  return feed;
}

export const rssFeed = (blog: Blog, s: FeedSettings) => buildFeed(blog, s, "rss").rss2();
export const atomFeed = (blog: Blog, s: FeedSettings) => buildFeed(blog, s, "atom").atom1();
export const jsonFeed = (blog: Blog, s: FeedSettings) => buildFeed(blog, s, "json").json1();
