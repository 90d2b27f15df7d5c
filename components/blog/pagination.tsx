import Link from "next/link";
import { listPath } from "@/lib/blog/model";
import styles from "./blog.module.css";

export function Pagination({
  page,
  pages,
  basePath = "/blog",
}: {
  page: number;
  pages: number;
  basePath?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {page > 1 ? (
        <Link href={listPath(basePath, page - 1)} rel="prev" prefetch={false}>
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.pageStatus}>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={listPath(basePath, page + 1)} rel="next" prefetch={false}>
          Older posts →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
