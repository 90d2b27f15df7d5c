import Link from "next/link";
import styles from "./blog.module.css";

export function NotFoundView() {
  return (
    <div className={`container ${styles.notFound}`}>
      <p className={styles.eyebrow}>Error 404</p>
      <h1 className={styles.heroTitle}>Page not found</h1>
      <p className={styles.lede}>
        We could not find that page. It may have moved, or the link may be mistyped.
      </p>
      <p className={styles.more}>
        <Link href="/blog" prefetch={false} className={styles.button}>
          Browse the blog
        </Link>{" "}
        or{" "}
        <Link href="/" prefetch={false}>
          go to the home page
        </Link>
        .
      </p>
    </div>
  );
}
