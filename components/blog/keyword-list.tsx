import Link from "next/link";
import type { Keyword } from "@/lib/blog/post";
import { tagPath } from "@/lib/blog/paths";
import { siteText } from "@/lib/config/text";
import styles from "./blog.module.css";

/** Keyed by position, and no classes on the links: see PostGrid and `.keywords` in the stylesheet. */
export function KeywordList({
  keywords,
  label = siteText()("keywords.label"),
}: {
  keywords: readonly (Keyword & { postCount?: number })[];
  label?: string;
}) {
  if (keywords.length === 0) return null;
  return (
    <ul className={styles.keywords} aria-label={label}>
      {keywords.map((k, i) => (
        <li key={i}>
          <Link href={tagPath(k.slug)} prefetch={false}>
            {k.label}
            {k.postCount !== undefined ? <span>{` ${k.postCount}`}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
