import type { Metadata } from "next";
import { StaticImage } from "@/components/blog/static-image";
import { notFound, permanentRedirect } from "next/navigation";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { Pagination } from "@/components/blog/pagination";
import { PostGrid } from "@/components/blog/post-card";
import styles from "@/components/blog/blog.module.css";
import { authorPath, listPath, pageCount, postsOnPage } from "@/lib/blog/model";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata, personJsonLd } from "@/lib/blog/seo";

/** /authors/[id] and /authors/[id]/page/N: an author's profile and posts, twelve to a page. */
async function findAuthor(id: string, page: number) {
  const data = await blogForPage();
  const author = data.blog.authors.find((a) => a.id === id);
  const posts = author ? postsOnPage(data.blog.postsByAuthor.get(author.id) ?? [], page) : null;
  return { ...data, author, posts };
}

export async function authorMetadata(id: string, page: number): Promise<Metadata> {
  const { blog, author, posts } = await findAuthor(id, page);
  if (!author || !posts) return {};
  const suffix = page > 1 ? `, page ${page}` : "";
  return pageMetadata({
    blogName: blog.name,
    path: listPath(authorPath(author.id), page),
    title: `${author.name}${suffix}`,
    description: `${author.postCount} ${author.postCount === 1 ? "post" : "posts"} by ${author.name} on ${blog.name}${suffix}.`,
    profile: true,
  });
}

export async function AuthorView({ id, page }: { id: string; page: number }) {
  const { author, posts, settings } = await findAuthor(id, page);
  if (!author || !posts) notFound();
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={personJsonLd(author, settings)} />
      <header className={styles.hero}>
        <div className={styles.profile}>
          {author.avatarUrl ? (
            <StaticImage
              src={author.avatarUrl}
              alt={`Portrait of ${author.name}`}
              width={96}
              height={96}
              className={styles.profileAvatar}
              loading="eager"
            />
          ) : null}
          <div>
            <p className={styles.eyebrow}>Author</p>
            <h1 className={styles.heroTitle}>{author.name}</h1>
            <p className={styles.lede}>
              {author.postCount} {author.postCount === 1 ? "post" : "posts"}
              {page > 1 ? `, page ${page}` : ""}
            </p>
          </div>
        </div>
        {author.keywords.length && page === 1 ? (
          <div className={styles.more}>
            <KeywordList
              keywords={author.keywords.slice(0, 12)}
              label={`Topics ${author.name} writes about`}
            />
          </div>
        ) : null}
      </header>
      <h2 className="visually-hidden">Posts by {author.name}</h2>
      <PostGrid posts={posts} leadFirst headingLevel={3} />
      <Pagination page={page} pages={pageCount(author.postCount)} basePath={authorPath(author.id)} />
    </div>
  );
}

/** /authors/x/page/1 is /authors/x. An unknown author is a 404, not a cached redirect per made-up id. */
export async function redirectToFirstPage(id: string): Promise<never> {
  const { author } = await findAuthor(id, 1);
  if (!author) notFound();
  permanentRedirect(authorPath(author.id));
}
