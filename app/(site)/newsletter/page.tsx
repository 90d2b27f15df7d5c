import type { Metadata } from "next";
import Link from "next/link";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { newsletterFormWords } from "@/components/newsletter/form-words";
import { Rich } from "@/components/site/rich";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata } from "@/lib/blog/seo";
import { siteText } from "@/lib/config/text";
import styles from "./newsletter.module.css";
import { NewsletterShell } from "./shell";

// The whole set, as every page of the site: its own title, canonical address and card, the feeds.
export async function generateMetadata(): Promise<Metadata> {
  const { blog, t } = await blogForPage();
  return pageMetadata({
    blogName: blog.name,
    path: "/newsletter",
    title: t("newsletter.metaTitle"),
    description: t("newsletter.metaDescription"),
    t,
  });
}

// Static: a no-JS post lands on its outcome page (./[outcome]), not back here with a query.
export const dynamic = "force-static";

/** The newsletter's page: what it is, how it works, and its one form (the footer's is not shown here). */
export default function NewsletterPage() {
  const t = siteText();
  return (
    <NewsletterShell
      title={t("newsletter.title")}
      intro={
        <p className={styles.lede}>
          <Rich
            text={t("newsletter.lede")}
            slots={{
              blog: (
                <Link href="/blog" prefetch={false}>
                  {t("newsletter.ledeLink")}
                </Link>
              ),
            }}
          />
        </p>
      }
    >
      <section aria-labelledby="newsletter-how" className={styles.how}>
        <h2 id="newsletter-how">{t("newsletter.how")}</h2>
        <ol>
          <li>{t("newsletter.step1")}</li>
          <li>{t("newsletter.step2")}</li>
          <li>{t("newsletter.step3")}</li>
        </ol>
        <p className={styles.fineprint}>{t("newsletter.fineprint")}</p>
      </section>

      <NewsletterForm words={newsletterFormWords()} variant="page" />
    </NewsletterShell>
  );
}
