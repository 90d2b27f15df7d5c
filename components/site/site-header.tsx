import Image from "next/image";
import Link from "next/link";
import { SearchForm } from "@/components/search/search-form";
import type { SiteConfig } from "@/lib/config/site";
import { siteText } from "@/lib/config/text";
import { NavLinks } from "./nav-links";
import { NavList } from "./nav-list";
import styles from "./site.module.css";

/**
 * A file is served as it is from /brand/…; an address goes through Next's optimiser (the CSP allows
 * only self). With words of its own (logoAlt) the logo stands for the name, otherwise beside it.
 */
function Logo({ logo }: { logo: NonNullable<SiteConfig["logo"]> }) {
  const image = logo.file ? (
    // eslint-disable-next-line @next/next/no-img-element -- a small file of the site's own, any format (SVG included)
    <img src={logo.src} alt={logo.alt} height={32} className={styles.logo} />
  ) : (
    <Image src={logo.src} alt={logo.alt} width={160} height={32} className={styles.logo} />
  );
  if (!logo.dark) return image;
  // The dark-scheme logo where the reader's scheme is dark; the browser fetches one of the two.
  return (
    <picture>
      <source srcSet={logo.dark.src} media="(prefers-color-scheme: dark)" />
      {image}
    </picture>
  );
}

/** Past this many links, or characters of labels, a narrow screen gets them behind a menu. */
const INLINE_LINKS = 3;
const INLINE_CHARS = 24;

/** `pathAware: false` (the prerendered global 404): no current-page mark, which would render it per request. */
export type SiteChromeProps = { siteName: string; site: SiteConfig; pathAware?: boolean };

export function SiteHeader({ siteName, site, pathAware = true }: SiteChromeProps) {
  const { logo, navigation } = site;
  const t = siteText();
  const label = t("nav.label");
  const hint = t("nav.external");
  const Nav = pathAware ? NavLinks : NavList;
  const menu =
    navigation.length > INLINE_LINKS || navigation.reduce((n, l) => n + l.label.length, 0) > INLINE_CHARS;
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
        <nav aria-label={label} className={menu ? styles.wideOnly : undefined}>
          <Nav links={navigation} externalHint={hint} className={styles.nav} />
        </nav>
        {menu ? (
          // A disclosure that opens without JavaScript; shown instead of the row on narrow screens.
          <details className={styles.menu}>
            <summary>{t("nav.menu")}</summary>
            <nav aria-label={label}>
              <Nav links={navigation} externalHint={hint} className={styles.menuList} />
            </nav>
          </details>
        ) : null}
        <SearchForm id="site-search" label={t("search.header")} />
      </div>
    </header>
  );
}
