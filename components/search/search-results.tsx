import Link from "next/link";
import { Fragment } from "react";
import { FormattedDate } from "@/components/blog/formatted-date";
import { postPath } from "@/lib/blog/paths";
import type { SearchHit } from "@/lib/search/ranking";
import { highlightSegments } from "@/lib/search/text";
import styles from "./search.module.css";

/** `text` with the matched words in <mark>; plain React text nodes, so nothing is parsed as HTML. */
function Highlight({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  return highlightSegments(text, terms).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text));
}

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
              {[post.authors.map((a) => a.name), post.keywords.map((k) => k.label)].map((names, i) =>
                names.length ? (
                  <Fragment key={i}>
                    {" · "}
                    <Highlight text={names.join(", ")} terms={matchedTerms} />
                  </Fragment>
                ) : null,
              )}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
