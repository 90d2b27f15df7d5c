import Link from "next/link";
import { requireAdminPage } from "@/lib/admin/page-session";
import { siteName } from "@/lib/blog/site-name";
import { AdminNav } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import shell from "@/components/admin/shell.module.css";

export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const session = await requireAdminPage();
  return (
    <div className={shell.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={shell.topbar}>
        <div className={`container ${shell.topbarInner}`}>
          <Link href="/admin" className={shell.brand}>
            {await siteName()}
            <span>Admin</span>
          </Link>
          <AdminNav />
          <div className={shell.who}>
            <span>
              <span className="visually-hidden">Signed in as </span>
              {session.email}
            </span>
            {/* A plain form: signing out works without JavaScript too. */}
            <form method="post" action="/api/admin/logout">
              <button type="submit" className={styles.button}>
                Sign out
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
