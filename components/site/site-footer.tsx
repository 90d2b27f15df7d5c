import Link from "next/link";
import { newsletterFormWords } from "@/components/newsletter/form-words";
import { NewsletterForm, OffNewsletterPages } from "@/components/newsletter/newsletter-form";
import { siteText } from "@/lib/config/text";
import { SiteHeader, type SiteChromeProps } from "./site-header";
import styles from "./site.module.css";

/** The signup form (not under /newsletter; always with `pathAware: false`), profiles, the team's pages and the feed. */
function SiteFooter({ siteName, site, pathAware = true }: SiteChromeProps) {
  const t = siteText();
  const form = (
    <section aria-label={t("footer.newsletter")}>
      <NewsletterForm words={newsletterFormWords()} />
    </section>
  );
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        {pathAware ? <OffNewsletterPages>{form}</OffNewsletterPages> : form}
        {site.social.length ? (
          <ul className={styles.social} aria-label={t("footer.elsewhere")}>
            {site.social.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel={s.me ? "me" : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {/* The team's own pages (an Impressum, a privacy page) and the feed; the navigation is the header's. */}
        <nav aria-label={t("footer.links")}>
          <ul className="inline-list">
            {site.pages
              .filter((page) => page.footer)
              .map((page) => (
                <li key={page.path}>
                  <Link href={page.path} prefetch={false}>
                    {page.title}
                  </Link>
                </li>
              ))}
            <li>
              <a href="/feed.xml">{t("footer.rss")}</a>
            </li>
          </ul>
        </nav>
        <p className={styles.fineprint}>
          {site.footer ?? t("footer.copyright", { year: String(new Date().getFullYear()), site: siteName })}
        </p>
      </div>
    </footer>
  );
}

/** Every public page's frame: skip link, header, main and footer. */
export function SiteChrome({ children, ...props }: SiteChromeProps & { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        {siteText()("site.skipToContent")}
      </a>
      <SiteHeader {...props} />
      <main id="main">{children}</main>
      <SiteFooter {...props} />
    </>
  );
}
