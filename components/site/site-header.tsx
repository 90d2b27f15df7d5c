import Image from "next/image";
import Link from "next/link";
import { SearchForm } from "@/components/search/search-form";
import type { SiteConfig } from "@/lib/config/site";
import styles from "./site.module.css";

/** The logo: with words of its own (logoAlt) it stands for the name, otherwise it sits beside it. */
function Logo({ logo }: { logo: NonNullable<SiteConfig["logo"]> }) {
  // A file is served as it is from /brand/logo (app/brand/logo/route.ts); an address on an
  // allowed image host goes through Next's optimiser (the page's CSP loads images from itself only).
  return logo.file ? (
    // eslint-disable-next-line @next/next/no-img-element -- a small file of the site's own, any format (SVG included)
    <img src={logo.src} alt={logo.alt} height={32} className={styles.logo} />
  ) : (
    <Image src={logo.src} alt={logo.alt} width={160} height={32} className={styles.logo} />
  );
}

export function SiteHeader({ siteName, site }: { siteName: string; site: SiteConfig }) {
  const { logo } = site;
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link href="/" prefetch={false} className={styles.brand}>
          {/* The name alone is one text child: no array of children in every page's RSC payload. */}
          {logo ? (
            <>
              <Logo logo={logo} />
              {logo.alt ? null : siteName}
            </>
          ) : (
            siteName
          )}
        </Link>
        <nav aria-label="Main">
          <ul className={styles.nav}>
            {site.navigation.map((link, i) => (
              <li key={i}>
                {link.external ? (
                  <a href={link.href} rel="external">
                    {link.label}
                    <span aria-hidden="true"> ↗</span>
                    <span className="visually-hidden"> (another site)</span>
                  </a>
                ) : (
                  <Link href={link.href} prefetch={false}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <SearchForm id="site-search" label="Search posts" />
      </div>
    </header>
  );
}
