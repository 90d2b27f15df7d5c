import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostArchive, PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { tagPath } from "@/lib/blog/model";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata } from "@/lib/blog/seo";

type Props = { params: Promise<{ keyword: string }> };

const CARDS = 12;

export async function generateStaticParams() {
  const { blog } = await blogForPage();
  return blog.keywords.map((k) => ({ keyword: k.slug }));
}

async function findKeyword(params: Props["params"]) {
  const { keyword: slug } = await params;
  const data = await blogForPage();
  const keyword = data.blog.keywords.find((k) => k.slug === slug);
  return { ...data, keyword, posts: keyword ? (data.blog.postsByKeyword.get(keyword.slug) ?? []) : [] };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { blog, keyword } = await findKeyword(params);
  if (!keyword) return {};
  return pageMetadata({
    blogName: blog.name,
    path: tagPath(keyword.slug),
    title: `Posts about ${keyword.label}`,
    description: `${keyword.postCount} ${keyword.postCount === 1 ? "post" : "posts"} about ${keyword.label} on ${blog.name}.`,
    keywords: [keyword.label],
  });
}

export default async function TagPage({ params }: Props) {
  const { keyword, posts } = await findKeyword(params);
  if (!keyword) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>Topic</p>
        <h1 className={styles.heroTitle}>{keyword.label}</h1>
        <p className={styles.lede}>
          {keyword.postCount} {keyword.postCount === 1 ? "post" : "posts"}
        </p>
      </header>
      <h2 className="visually-hidden">Posts about {keyword.label}</h2>
      <PostGrid posts={posts.slice(0, CARDS)} headingLevel={3} />
      {posts.length > CARDS ? <PostArchive posts={posts.slice(CARDS)} /> : null}
    </div>
  );
}
