import { JsonLd } from "@/components/blog/json-ld";
import { Pagination } from "@/components/blog/pagination";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import type { Blog } from "@/lib/blog/model";
import type { Post } from "@/lib/blog/post";
import { blogJsonLd, type SeoSettings } from "@/lib/blog/seo";
import { siteText } from "@/lib/config/text";

/** /blog and /blog/page/N share this view. */
export function BlogIndexView({
  blog,
  posts,
  page,
  pages,
  settings,
}: {
  blog: Blog;
  posts: Post[];
  page: number;
  pages: number;
  settings: SeoSettings;
}) {
  const t = siteText();
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
      <Pagination page={page} pages={pages} />
    </div>
  );
}
