import Link from "next/link";
import { requireAdminPage } from "@/lib/admin/page-session";
import { siteText } from "@/lib/config/text";
import { siteName } from "@/lib/blog/site-name";
import { AdminNav } from "@/components/admin/admin-nav";
import { PostButton } from "@/components/admin/ui";
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
            <PostButton action="/api/admin/logout">{t("admin.signOut")}</PostButton>
          </div>
        </div>
      </header>
      <main id="main" className={`container ${shell.main}`}>
        {children}
      </main>
    </div>
  );
}
