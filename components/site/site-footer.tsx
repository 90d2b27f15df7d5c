import Link from "next/link";
import type { SiteConfig } from "@/lib/config/site";
import styles from "./site.module.css";

/** Every public page ends with this footer; `newsletter` is the signup form, given by the layout that renders it. */
export function SiteFooter({
  siteName,
  site,
  newsletter,
}: {
  siteName: string;
  site: SiteConfig;
  newsletter?: React.ReactNode;
}) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        {newsletter ? <section aria-label="Newsletter">{newsletter}</section> : null}
        {site.social.length ? (
          <ul className={styles.social} aria-label="Elsewhere">
            {site.social.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel={s.me ? "me" : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.fineprint}>
          {/* One text node per run of text: each JSX expression is a node of its own, which React
              separates with a <!-- --> in the HTML and lists apart in the RSC payload. */}
          {site.footer ? `${site.footer} ` : `© ${new Date().getFullYear()} ${siteName}. `}
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
