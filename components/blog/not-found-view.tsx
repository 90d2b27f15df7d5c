import Link from "next/link";
import { Rich } from "@/components/site/rich";
import { siteText } from "@/lib/config/text";
import styles from "./blog.module.css";

export function NotFoundView() {
  const t = siteText();
  return (
    <div className={`container ${styles.notFound}`}>
      <p className={styles.eyebrow}>{t("notFound.eyebrow")}</p>
      <h1 className={styles.heroTitle}>{t("notFound.title")}</h1>
      <p className={styles.lede}>{t("notFound.lede")}</p>
      <p className={styles.more}>
        <Rich
          text={t("notFound.next")}
          slots={{
            browse: (
              <Link href="/blog" prefetch={false} className={styles.button}>
                {t("notFound.browse")}
              </Link>
            ),
            home: (
              <Link href="/" prefetch={false}>
                {t("notFound.home")}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
