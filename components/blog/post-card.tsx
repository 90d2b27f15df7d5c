import { StaticImage } from "@/components/blog/static-image";
import Link from "next/link";
import type { Post } from "@/lib/blog/post";
import { postPath } from "@/lib/blog/paths";
import { FormattedDate } from "./formatted-date";
import styles from "./blog.module.css";

/**
 * One post in a list. The title is the one link to the post (the image is decorative and
 * hidden from assistive technology) so screen readers hear each post once.
 *
 * `lead` marks the card a reader most likely opens next (the first of a list): its image is
 * fetched at once with high priority (it is the likely LCP element; no preload link, which
 * would repeat the whole srcset in <head>), and its link is the one the router prefetches.
 * Every other card neither prefetches nor loads its image before it nears the viewport.
 *
 * A post without a cover or thumbnail has no image frame: an empty block says nothing.
 *
 * Its parts carry no class of their own: the stylesheet finds them inside `.card` (a list
 * writes each class attribute twice per card, in the HTML and the RSC payload).
 */
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
          {/* A nominal size with 1x/2x candidates (384 and 828 px) rather than `fill` and `sizes`,
              which cost four candidates and an inline style per card; CSS fits it to the frame. */}
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

/**
 * `leadFirst`: the first card is the page's likely next step (see PostCard's `lead`). Keyed by
 * position: the list is rendered once on the server and never reordered, and a slug as key
 * would be written once more per card into the RSC payload.
 */
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
