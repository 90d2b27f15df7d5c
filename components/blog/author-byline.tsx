import { StaticImage } from "@/components/blog/static-image";
import Link from "next/link";
import type { PostAuthor } from "@/lib/blog/post";
import { authorPath } from "@/lib/blog/paths";
import { siteText } from "@/lib/config/text";
import styles from "./blog.module.css";

/** Avatars (decorative: the name follows) and names; keyed by position, no class on the avatar: see PostGrid. */
export function AuthorByline({ authors, size = 32 }: { authors: readonly PostAuthor[]; size?: number }) {
  if (authors.length === 0) return null;
  return (
    <ul className={styles.byline} aria-label={siteText()("post.authors")}>
      {authors.map((a, i) => (
        <li key={i}>
          <Link href={authorPath(a.id)} prefetch={false} className={styles.bylineLink}>
            {a.avatarUrl ? (
              <StaticImage src={a.avatarUrl} alt="" width={size} height={size} />
            ) : (
              <span
                aria-hidden="true"
                className={styles.avatarFallback}
                style={{ width: size, height: size }}
              >
                {a.name.slice(0, 1)}
              </span>
            )}
            <span>{a.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
