import type { Metadata } from "next";
import { StaticImage } from "@/components/blog/static-image";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuthorByline } from "@/components/blog/author-byline";
import { FormattedDate } from "@/components/blog/formatted-date";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { Rich } from "@/components/site/rich";
import styles from "@/components/blog/blog.module.css";
import { prerenderSlugs } from "@/lib/blog/model";
import { authorPath, decodedSegment, externalPostUrl, postPath, tagPath } from "@/lib/blog/paths";
import { blogForPage } from "@/lib/blog/pages";
import { postNeighbours, relatedPosts } from "@/lib/blog/related";
import { blogPostingJsonLd, postMetadata } from "@/lib/blog/seo";

type Props = { params: Promise<{ slug: string }> };

/** Up to BLOG_PRERENDER_LIMIT newest posts; the rest render on first request. */
export async function generateStaticParams() {
  const { blog, slugs, settings } = await blogForPage();
  return prerenderSlugs(blog, slugs, settings.prerenderLimit).map((slug) => ({ slug }));
}

async function findPost(params: Props["params"]) {
  const { slug } = await params;
  const data = await blogForPage();
  // Next hands params over decoded; a slug that is not in the list is a 404, not an error.
  const post = data.blog.bySlug.get(slug) ?? data.blog.bySlug.get(decodedSegment(slug));
  return { ...data, post };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { blog, post, settings } = await findPost(params);
  return post ? postMetadata(blog, post, settings) : {};
}

export default async function PostPage({ params }: Props) {
  const { blog, post, settings, t } = await findPost(params);
  if (!post) notFound();
  const external = externalPostUrl(settings.postUrlTemplate, post.slug);
  const { newer, older } = postNeighbours(blog, post);
  const related = relatedPosts(blog, post);

  return (
    <>
      <JsonLd data={blogPostingJsonLd(blog, post, settings)} />
      <article className={`container ${styles.article}`} aria-labelledby="post-title">
        <header className={styles.articleHeader}>
          <p className={styles.breadcrumb}>
            <Link href="/blog" prefetch={false}>
              {t("blog.title")}
            </Link>
            {post.keywords[0] ? (
              <>
                {" / "}
                <Link href={tagPath(post.keywords[0].slug)} prefetch={false}>
                  {post.keywords[0].label}
                </Link>
              </>
            ) : null}
          </p>
          <h1 id="post-title" className={styles.articleTitle}>
            {post.title}
          </h1>
          <div className={styles.articleMeta}>
            <AuthorByline authors={post.authors} size={40} />
            <span>
              <Rich text={t("post.published")} slots={{ date: <FormattedDate iso={post.publishedAt} /> }} />
            </span>
          </div>
        </header>

        {post.coverImageUrl ? (
          <figure className={styles.articleCover}>
            <StaticImage
              src={post.coverImageUrl}
              alt={t("post.coverAlt", { title: post.title })}
              fill
              // The likely LCP element: fetched at once, without a preload link (a second srcset).
              loading="eager"
              fetchPriority="high"
              sizes="(min-width: 48rem) 46rem, 100vw"
              className={styles.cover}
            />
          </figure>
        ) : null}

        <div className={styles.articleBody}>
          {post.description ? <p>{post.description}</p> : null}
          {external ? (
            <p>
              <a href={external} className={styles.button} rel="noopener">
                {t("post.readFull")}
                <span className="visually-hidden">: {post.title}</span> →
              </a>
            </p>
          ) : (
            // No full article elsewhere: say what this page is, and that the way on is below.
            <p className={styles.summaryNote}>{t("post.summary")}</p>
          )}
        </div>

        <footer className={styles.articleFooter}>
          {post.keywords.length ? (
            <section aria-labelledby="post-topics">
              <h2 id="post-topics">{t("post.topics")}</h2>
              <KeywordList keywords={post.keywords} />
            </section>
          ) : null}
          {post.authors.length ? (
            <section aria-labelledby="post-authors">
              <h2 id="post-authors">{t("post.writtenBy")}</h2>
              <ul className={styles.byline}>
                {post.authors.map((a, i) => (
                  // Keyed by position: an id or slug would be written once more into the RSC payload.
                  <li key={i}>
                    <Link href={authorPath(a.id)} prefetch={false}>
                      {t("post.moreBy", { name: a.name })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {related.length ? (
            // Titles and dates, not cards (a large share of the page's HTML and RSC payload).
            <section aria-labelledby="related-title">
              <h2 id="related-title">{t("post.related")}</h2>
              <ul className={styles.related}>
                {related.map((p, i) => (
                  <li key={i}>
                    <Link href={postPath(p.slug)} prefetch={false}>
                      {p.title}
                    </Link>{" "}
                    <FormattedDate iso={p.publishedAt} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {/* The one link prefetched on sight: the next post in reading order (the older one,
              or the newer one on the oldest post). Every other link waits for a click. */}
          {newer || older ? (
            <nav aria-label={t("post.morePosts")} className={styles.pagination}>
              {newer ? (
                <Link href={postPath(newer.slug)} rel="prev" prefetch={older ? false : null}>
                  {`← ${newer.title}`}
                </Link>
              ) : (
                <span />
              )}
              {older ? (
                <Link href={postPath(older.slug)} rel="next">
                  {`${older.title} →`}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </footer>
      </article>
    </>
  );
}
