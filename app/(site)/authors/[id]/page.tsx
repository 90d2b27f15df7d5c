import type { Metadata } from "next";
import Image from "next/image";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { PostArchive, PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { authorPath } from "@/lib/blog/model";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata, personJsonLd } from "@/lib/blog/seo";

type Props = { params: Promise<{ id: string }> };

/** Cards for the newest posts; an archive list beyond, so prolific authors stay light pages. */
const CARDS = 12;

export async function generateStaticParams() {
  const { blog } = await blogForPage();
  return blog.authors.map((a) => ({ id: a.id }));
}

async function findAuthor(params: Props["params"]) {
  const { id } = await params;
  const data = await blogForPage();
  const author = data.blog.authors.find((a) => a.id === id);
  return { ...data, author, posts: author ? (data.blog.postsByAuthor.get(author.id) ?? []) : [] };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { blog, author } = await findAuthor(params);
  if (!author) return {};
  return pageMetadata({
    blogName: blog.name,
    path: authorPath(author.id),
    title: author.name,
    description: `${author.postCount} ${author.postCount === 1 ? "post" : "posts"} by ${author.name} on ${blog.name}.`,
    profile: true,
  });
}

export default async function AuthorPage({ params }: Props) {
  const { author, posts, settings } = await findAuthor(params);
  if (!author) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={personJsonLd(author, settings)} />
      <header className={styles.hero}>
        <div className={styles.profile}>
          {author.avatarUrl ? <Image src={author.avatarUrl} alt={`Portrait of ${author.name}`} width={96} height={96} className={styles.profileAvatar} priority /> : null}
          <div>
            <p className={styles.eyebrow}>Author</p>
            <h1 className={styles.heroTitle}>{author.name}</h1>
            <p className={styles.lede}>
              {author.postCount} {author.postCount === 1 ? "post" : "posts"}
            </p>
          </div>
        </div>
        {author.keywords.length ? (
          <div className={styles.more}>
            <KeywordList keywords={author.keywords.slice(0, 12)} label={`Topics ${author.name} writes about`} />
          </div>
        ) : null}
      </header>
      <h2 className="visually-hidden">Posts by {author.name}</h2>
      <PostGrid posts={posts.slice(0, CARDS)} priorityCount={0} headingLevel={3} />
      {posts.length > CARDS ? <PostArchive posts={posts.slice(CARDS)} /> : null}
    </div>
  );
}
