import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { Pagination } from "@/components/blog/pagination";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { listPath, pageCount, postsOnPage, tagPath } from "@/lib/blog/model";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata } from "@/lib/blog/seo";

/** /tags/[keyword] and /tags/[keyword]/page/N: a topic's posts, twelve to a page. */
async function findKeyword(slug: string, page: number) {
  const data = await blogForPage();
  const keyword = data.blog.keywords.find((k) => k.slug === slug);
  const posts = keyword ? postsOnPage(data.blog.postsByKeyword.get(keyword.slug) ?? [], page) : null;
  return { ...data, keyword, posts };
}

export async function tagMetadata(slug: string, page: number): Promise<Metadata> {
  const { blog, keyword, posts } = await findKeyword(slug, page);
  if (!keyword || !posts) return {};
  const suffix = page > 1 ? `, page ${page}` : "";
  return pageMetadata({
    blogName: blog.name,
    path: listPath(tagPath(keyword.slug), page),
    title: `Posts about ${keyword.label}${suffix}`,
    description: `${keyword.postCount} ${keyword.postCount === 1 ? "post" : "posts"} about ${keyword.label} on ${blog.name}${suffix}.`,
    keywords: [keyword.label],
  });
}

export async function TagView({ slug, page }: { slug: string; page: number }) {
  const { keyword, posts } = await findKeyword(slug, page);
  if (!keyword || !posts) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>Topic</p>
        <h1 className={styles.heroTitle}>{keyword.label}</h1>
        <p className={styles.lede}>
          {keyword.postCount} {keyword.postCount === 1 ? "post" : "posts"}
          {page > 1 ? `, page ${page}` : ""}
        </p>
      </header>
      <h2 className="visually-hidden">Posts about {keyword.label}</h2>
      <PostGrid posts={posts} leadFirst headingLevel={3} />
      <Pagination page={page} pages={pageCount(keyword.postCount)} basePath={tagPath(keyword.slug)} />
    </div>
  );
}

/** /tags/x/page/1 is /tags/x. An unknown topic is a 404, not a cached redirect per made-up name. */
export async function redirectToFirstPage(slug: string): Promise<never> {
  const { keyword } = await findKeyword(slug, 1);
  if (!keyword) notFound();
  permanentRedirect(tagPath(keyword.slug));
}
