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
  const { blog, site } = await blogForPage();
  return pageMetadata({
    blogName: blog.name,
    path: "/",
    title: blog.name,
    absoluteTitle: true,
    description: site.description,
  });
}

export default async function HomePage() {
  const { blog, settings, site } = await blogForPage();
  const latest = blog.posts.slice(0, LATEST);
  return (
    <div className="container">
      <JsonLd data={blogJsonLd(blog, settings)} />
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.eyebrow}>The team blog</p>
        <h1 id="home-title" className={styles.heroTitle}>
          {blog.name}
        </h1>
        <p className={styles.lede}>{site.description}</p>
      </section>

      <section aria-labelledby="latest-title">
        <div className={styles.sectionHeader}>
          <h2 id="latest-title">Latest posts</h2>
          <Link href="/blog" prefetch={false}>
            {`All ${blog.posts.length} posts →`}
          </Link>
        </div>
        {latest.length ? (
          <PostGrid posts={latest} leadFirst headingLevel={3} />
        ) : (
          <p>No posts yet. Check back soon.</p>
        )}
      </section>

      {blog.keywords.length ? (
        <section aria-labelledby="topics-title" className={styles.more}>
          <div className={styles.sectionHeader}>
            <h2 id="topics-title">Topics</h2>
          </div>
          <KeywordList keywords={blog.keywords.slice(0, 24)} />
        </section>
      ) : null}

      <section aria-labelledby="cta-title" className={styles.cta}>
        <h2 id="cta-title">Get new posts by email</h2>
        <p>One email when something new is published. No spam; unsubscribe any time.</p>
        <Link href="/newsletter" prefetch={false} className={styles.button}>
          Subscribe to the newsletter
        </Link>
      </section>
    </div>
  );
}
