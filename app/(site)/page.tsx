import type { Metadata } from "next";
import Link from "next/link";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { blogForPage } from "@/lib/blog/pages";
import { blogJsonLd, pageMetadata } from "@/lib/blog/seo";

const LATEST = 6;

export async function generateMetadata(): Promise<Metadata> {
  const { blog, site, t } = await blogForPage();
  return pageMetadata({
    t,
    blogName: blog.name,
    path: "/",
    title: blog.name,
    absoluteTitle: true,
    description: site.description,
  });
}

export default async function HomePage() {
  const { blog, settings, site, t } = await blogForPage();
  const latest = blog.posts.slice(0, LATEST);
  return (
    <div className="container">
      <JsonLd data={blogJsonLd(blog, settings)} />
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.eyebrow}>{t("home.eyebrow")}</p>
        <h1 id="home-title" className={styles.heroTitle}>
          {blog.name}
        </h1>
        <p className={styles.lede}>{site.description}</p>
      </section>

      <section aria-labelledby="latest-title">
        <div className={styles.sectionHeader}>
          <h2 id="latest-title">{t("home.latest")}</h2>
          <Link href="/blog" prefetch={false}>
            {t("home.allPosts", { count: blog.posts.length })}
          </Link>
        </div>
        {latest.length ? <PostGrid posts={latest} leadFirst headingLevel={3} /> : <p>{t("blog.noPosts")}</p>}
      </section>

      {blog.keywords.length ? (
        <section aria-labelledby="topics-title" className={styles.more}>
          <div className={styles.sectionHeader}>
            <h2 id="topics-title">{t("home.topics")}</h2>
          </div>
          <KeywordList keywords={blog.keywords.slice(0, 24)} />
        </section>
      ) : null}
      {/* The newsletter's form is the footer's, right below: no second card asking the same. */}
    </div>
  );
}
