import { StaticImage } from "@/components/blog/static-image";
import Link from "next/link";
import type { Post } from "@/lib/blog/post";
import { postPath } from "@/lib/blog/paths";
import { FormattedDate } from "./formatted-date";
import styles from "./blog.module.css";

// The title is the one link to the post (the image is hidden), so screen readers hear each post once.
// `lead`, the card a reader likely opens next, has its image fetched at once and its link prefetched.
// No classes inside (`.card` finds them): each attribute is written twice, in HTML and RSC payload.
export function PostCard({
  post,
  lead = false,
  headingLevel = 2,
}: {
  post: Post;
  lead?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = post.thumbnailImageUrl ?? post.coverImageUrl;
  return (
    <article className={styles.card}>
      {image ? (
        <div aria-hidden="true">
          {/* A nominal size with 1x/2x candidates, not `fill` (four candidates and an inline style). */}
          <StaticImage
            src={image}
            alt=""
            width={384}
            height={202}
            {...(lead ? ({ loading: "eager", fetchPriority: "high" } as const) : {})}
          />
        </div>
      ) : null}
      <div>
        <Heading>
          <Link href={postPath(post.slug)} prefetch={lead ? null : false}>
            {post.title}
          </Link>
        </Heading>
        {post.description ? <p>{post.description}</p> : null}
        <p>
          <FormattedDate iso={post.publishedAt} />
          {post.authors.length ? <span>{` · ${post.authors.map((a) => a.name).join(", ")}`}</span> : null}
        </p>
      </div>
    </article>
  );
}

/** Keyed by position: never reordered, and a slug as key would be written once more into the RSC payload. */
export function PostGrid({
  posts,
  leadFirst = false,
  headingLevel = 2,
}: {
  posts: Post[];
  leadFirst?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className={styles.grid}>
      {posts.map((post, i) => (
        <li key={i}>
          <PostCard post={post} lead={leadFirst && i === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
