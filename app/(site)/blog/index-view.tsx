import { JsonLd } from "@/components/blog/json-ld";
import { Pagination } from "@/components/blog/pagination";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import type { Blog } from "@/lib/blog/model";
import type { Post } from "@/lib/blog/post";
import { blogJsonLd, type SeoSettings } from "@/lib/blog/seo";

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
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={blogJsonLd(blog, settings)} />
      <header className={styles.sectionHeader}>
        <div>
          <h1 className={styles.heroTitle}>{page === 1 ? "Blog" : `Blog, page ${page}`}</h1>
          <p className={styles.lede}>
            {`${blog.posts.length} ${blog.posts.length === 1 ? "post" : "posts"} from ${blog.name}, newest first.`}
          </p>
        </div>
      </header>
      {posts.length ? <PostGrid posts={posts} leadFirst /> : <p>No posts yet. Check back soon.</p>}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
