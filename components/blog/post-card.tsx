import Image from "next/image";
import Link from "next/link";
import { postPath, type Post } from "@/lib/blog/model";
import { FormattedDate } from "./formatted-date";
import styles from "./blog.module.css";

/**
 * One post in a list. The title is the one link to the post (the image is decorative and
 * hidden from assistive technology) so screen readers hear each post once.
 */
export function PostCard({
  post,
  priority = false,
  headingLevel = 2,
}: {
  post: Post;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = post.thumbnailImageUrl ?? post.coverImageUrl;
  return (
    <article className={styles.card}>
      <div className={styles.cardMedia} aria-hidden="true">
        {image ? (
          <Image
            src={image}
            alt=""
            fill
            sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 100vw"
            className={styles.cover}
            priority={priority}
          />
        ) : (
          <div className={styles.coverFallback}>{post.title}</div>
        )}
      </div>
      <div className={styles.cardBody}>
        <Heading className={styles.cardTitle}>
          <Link href={postPath(post.slug)} className={styles.cardLink}>
            {post.title}
          </Link>
        </Heading>
        {post.description ? <p className={styles.cardDescription}>{post.description}</p> : null}
        <p className={styles.cardMeta}>
          <FormattedDate iso={post.publishedAt} />
          {post.authors.length ? <span> · {post.authors.map((a) => a.name).join(", ")}</span> : null}
        </p>
      </div>
    </article>
  );
}

export function PostGrid({
  posts,
  priorityCount = 0,
  headingLevel = 2,
}: {
  posts: Post[];
  priorityCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className={styles.grid}>
      {posts.map((post, i) => (
        <li key={post.slug}>
          <PostCard post={post} priority={i < priorityCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
