import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/blog/json-ld";
import { Pagination } from "@/components/blog/pagination";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { blogForPage } from "@/lib/blog/pages";
import { indexPath, pageCount, postsOnPage } from "@/lib/blog/paths";
import { blogJsonLd, pageMetadata } from "@/lib/blog/seo";

/** /blog and /blog/page/N: page `page` of every post, or the site's 404 past the last one. */
export async function BlogIndexView({ page }: { page: number }) {
  const { blog, settings, t } = await blogForPage();
  const posts = postsOnPage(blog.posts, page);
  if (!posts) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={blogJsonLd(blog, settings)} />
      <header className={styles.sectionHeader}>
        <div>
          <h1 className={styles.heroTitle}>{page === 1 ? t("blog.title") : t("blog.titlePage", { page })}</h1>
          <p className={styles.lede}>{t("blog.lede", { count: blog.posts.length, site: blog.name })}</p>
        </div>
      </header>
      {posts.length ? <PostGrid posts={posts} leadFirst /> : <p>{t("blog.noPosts")}</p>}
      <Pagination page={page} pages={pageCount(blog.posts.length)} />
    </div>
  );
}

export async function blogIndexMetadata(page: number): Promise<Metadata> {
  const { blog, t } = await blogForPage();
  if (!postsOnPage(blog.posts, page)) return {};
  const site = blog.name;
  return pageMetadata({
    t,
    blogName: site,
    path: indexPath(page),
    title: page === 1 ? t("blog.title") : t("blog.titlePage", { page }),
    description:
      page === 1
        ? t("blog.description", { site })
        : t("blog.descriptionPage", { site, page, pages: pageCount(blog.posts.length) }),
  });
}
