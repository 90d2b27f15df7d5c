import Link from "next/link";
import { SearchForm } from "@/components/search/search-form";
import styles from "./site.module.css";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link href="/" prefetch={false} className={styles.brand}>
          {siteName}
        </Link>
        <nav aria-label="Main">
          <ul className={styles.nav}>
            <li>
              <Link href="/blog" prefetch={false}>
                Blog
              </Link>
            </li>
            <li>
              <Link href="/newsletter" prefetch={false}>
                Newsletter
              </Link>
            </li>
          </ul>
        </nav>
        <SearchForm id="site-search" label="Search posts" />
      </div>
    </header>
  );
}
