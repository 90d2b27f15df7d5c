import Link from "next/link";
import { requireAdminPage } from "@/lib/admin/page-session";
import { siteText } from "@/lib/config/text";
import { siteName } from "@/lib/blog/site-name";
import { AdminNav } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import shell from "@/components/admin/shell.module.css";

export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const session = await requireAdminPage();
  const t = siteText();
  return (
    <div className={shell.shell}>
      <a href="#main" className="skip-link">
        {t("site.skipToContent")}
      </a>
      <header className={shell.topbar}>
        <div className={`container ${shell.topbarInner}`}>
          <Link href="/admin" className={shell.brand}>
            {await siteName()}
            <span>{t("admin.title")}</span>
          </Link>
          <AdminNav />
          <div className={shell.who}>
            <span>
              <span className="visually-hidden">{t("admin.signedInAs")} </span>
              {session.email}
            </span>
            {/* A plain form: signing out works without JavaScript too. */}
            <form method="post" action="/api/admin/logout">
              <button type="submit" className={styles.button}>
                {t("admin.signOut")}
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className={`container ${shell.main}`}>
        {children}
      </main>
    </div>
  );
}
