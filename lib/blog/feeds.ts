import { Feed } from "feed";
import type { Translate } from "../i18n";
import type { Blog } from "./model";
import { authorPath, externalPostUrl, postPath, tagPath } from "./paths";
import { escapeXml } from "./sitemap";
import { xmlText } from "./text";

// RSS 2.0, Atom 1.0 and JSON Feed 1 from one `feed` object so the three never drift; only the newest
// FEED_ITEMS posts (a reader polls for what is new). Authors by name, never their email.

export type FeedSettings = {
  siteUrl: string;
  postUrlTemplate: string | null;
  feedItems: number;
  language: string;
  description: string;
  t: Translate;
};

export const FEED_PATHS = { rss: "/feed.xml", atom: "/atom.xml", json: "/feed.json" } as const;

// What each string needs on its way into `feed`'s XML writer (xml-js): in CDATA it escapes only the
// first `]]>`, so later ones are split alike; in text it turns `&amp;` back into `&` (doubled here);
// in attributes it escapes only `"`, so `&` and `<` are escaped here, URLs normalised.
const CDATA_END = "]]>";
function cdataText(value: string): string {
  const s = xmlText(value);
  const first = s.indexOf(CDATA_END);
  if (first < 0) return s;
  const cut = first + CDATA_END.length;
  return s.slice(0, cut) + s.slice(cut).replaceAll(CDATA_END, "]]]]><![CDATA[>");
}
const plainText = (value: string) => xmlText(value).replaceAll("&amp;", "&amp;amp;");
const attributeText = (value: string) => escapeXml(xmlText(value));
const attributeUrl = (value: string) =>
  URL.canParse(value) ? new URL(value).href.replaceAll("&", "&amp;") : undefined;

const XML_WRITER = { cdata: cdataText, text: plainText, attribute: attributeText, url: attributeUrl };
// JSON has no such rules, only the forbidden characters are dropped so the three feeds agree.
const JSON_WRITER: typeof XML_WRITER = { cdata: xmlText, text: xmlText, attribute: xmlText, url: (s) => s };

function buildFeed(
  blog: Blog,
  { siteUrl, postUrlTemplate, feedItems, language, description, t }: FeedSettings,
  format: "rss" | "atom" | "json" = "rss",
): Feed {
  const w = format === "json" ? JSON_WRITER : XML_WRITER;
  // Atom writes category labels into attributes; RSS writes them as element text.
  const label = format === "atom" ? w.attribute : w.text;
  const name = w.text(blog.name);
  const updated = blog.posts[0] ? new Date(blog.posts[0].publishedTime) : new Date(0);
  const feed = new Feed({
    id: `${siteUrl}/blog`,
    title: name,
    description: w.text(description),
    link: `${siteUrl}/blog`,
    language,
    updated,
    generator: "Masthead",
    copyright: t("feed.copyright", { year: String(updated.getUTCFullYear()), site: name }),
    favicon: `${siteUrl}/favicon.ico`,
    feedLinks: Object.fromEntries(
      Object.entries(FEED_PATHS).map(([format, path]) => [format, siteUrl + path]),
    ),
  });
  const posts = blog.posts.slice(0, feedItems);
  // The feed's categories are those of the posts it carries, most used on the blog first.
  const carried = new Set(posts.flatMap((p) => p.keywords.map((k) => k.slug)));
  for (const keyword of blog.keywords) if (carried.has(keyword.slug)) feed.addCategory(label(keyword.label));
  for (const post of posts) {
    const link = `${siteUrl}${postPath(post.slug)}`;
    const external = externalPostUrl(postUrlTemplate, post.slug);
    const description = w.cdata(post.description);
    feed.addItem({
      id: link,
      guid: link,
      title: w.cdata(post.title),
      link: external ?? link,
      date: new Date(post.publishedTime),
      published: new Date(post.publishedTime),
      description: description || undefined,
      author: post.authors.map((a) => ({ name: w.text(a.name), link: `${siteUrl}${authorPath(a.id)}` })),
      category: post.keywords.map((k) => ({ name: label(k.label), domain: `${siteUrl}${tagPath(k.slug)}` })),
      image: (post.coverImageUrl && w.url(post.coverImageUrl)) || undefined,
    });
  }
  return feed;
}

// `feed` writes the language into RSS only: Atom says it with xml:lang on the root, JSON Feed
// with `language` (a canonical BCP 47 tag: letters, digits and hyphens, nothing to escape).
export const rssFeed = (blog: Blog, s: FeedSettings) => buildFeed(blog, s, "rss").rss2();
export const atomFeed = (blog: Blog, s: FeedSettings) =>
  buildFeed(blog, s, "atom").atom1().replace("<feed ", `<feed xml:lang="${s.language}" `);
export const jsonFeed = (blog: Blog, s: FeedSettings) =>
  JSON.stringify({ ...JSON.parse(buildFeed(blog, s, "json").json1()), language: s.language }, null, 4);
