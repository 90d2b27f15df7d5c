import Link from "next/link";
import { listPath } from "@/lib/blog/paths";
import { siteText } from "@/lib/config/text";
import styles from "./blog.module.css";

// Search results count against the reader's budget, so they use plain links nothing fetches ahead.
export function Pagination({
  page,
  pages,
  href = (n) => listPath("/blog", n),
  previousLabel = siteText()("pagination.newer"),
  nextLabel = siteText()("pagination.older"),
  plainLinks = false,
}: {
  page: number;
  pages: number;
  href?: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
  plainLinks?: boolean;
}) {
  if (pages <= 1) return null;
  const link = (n: number, rel: "prev" | "next", label: string) => {
    const props = { href: href(n), rel, children: label };
    return plainLinks ? <a {...props} /> : <Link {...props} prefetch={false} />;
  };
  return (
    <nav aria-label={siteText()("pagination.label")} className={styles.pagination}>
      {page > 1 ? link(page - 1, "prev", previousLabel) : <span />}
      <span className={styles.pageStatus}>{siteText()("pagination.status", { page, pages })}</span>
      {page < pages ? link(page + 1, "next", nextLabel) : <span />}
    </nav>
  );
}
