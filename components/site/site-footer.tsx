import Link from "next/link";
import styles from "./site.module.css";

/** Every public page ends with this footer; the newsletter issue puts its form in `newsletter`. */
export function SiteFooter({ siteName, newsletter }: { siteName: string; newsletter?: React.ReactNode }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        {newsletter ? <section aria-label="Newsletter">{newsletter}</section> : null}
        <p className={styles.fineprint}>
          {/* One text node per run of text: each JSX expression is a node of its own, which React
              separates with a <!-- --> in the HTML and lists apart in the RSC payload. */}
          {`© ${new Date().getFullYear()} ${siteName}. `}
          <Link href="/blog" prefetch={false}>
            Blog
          </Link>
          {" · "}
          <Link href="/newsletter" prefetch={false}>
            Newsletter
          </Link>
          {" · "}
          <a href="/feed.xml">RSS feed</a>
        </p>
      </div>
    </footer>
  );
}
