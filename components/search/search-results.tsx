import Link from "next/link";
import { FormattedDate } from "@/components/blog/formatted-date";
import { postPath } from "@/lib/blog/paths";
import type { SearchHit } from "@/lib/search/ranking";
import { Highlight } from "./highlight";
import styles from "./search.module.css";

export function SearchResults({ hits }: { hits: SearchHit[] }) {
  return (
    <ol className={styles.results}>
      {hits.map(({ post, matchedTerms }) => (
        <li key={post.slug}>
          <article className={styles.result}>
            <h2 className={styles.resultTitle}>
              <Link href={postPath(post.slug)} prefetch={false}>
                <Highlight text={post.title} terms={matchedTerms} />
              </Link>
            </h2>
            {post.description ? (
              <p className={styles.resultDescription}>
                <Highlight text={post.description} terms={matchedTerms} />
              </p>
            ) : null}
            <p className={styles.resultMeta}>
              <FormattedDate iso={post.publishedAt} />
              {post.authors.length ? (
                <>
                  {" · "}
                  <Highlight text={post.authors.map((a) => a.name).join(", ")} terms={matchedTerms} />
                </>
              ) : null}
              {post.keywords.length ? (
                <>
                  {" · "}
                  <Highlight text={post.keywords.map((k) => k.label).join(", ")} terms={matchedTerms} />
                </>
              ) : null}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
