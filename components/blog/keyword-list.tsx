import Link from "next/link";
import { tagPath, type Keyword } from "@/lib/blog/model";
import styles from "./blog.module.css";

export function KeywordList({
  keywords,
  label = "Topics",
}: {
  keywords: (Keyword & { postCount?: number })[];
  label?: string;
}) {
  if (keywords.length === 0) return null;
  return (
    <ul className={styles.keywords} aria-label={label}>
      {keywords.map((k) => (
        <li key={k.slug}>
          <Link href={tagPath(k.slug)} prefetch={false} className={styles.keyword}>
            {k.label}
            {k.postCount !== undefined ? <span className={styles.keywordCount}> {k.postCount}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
