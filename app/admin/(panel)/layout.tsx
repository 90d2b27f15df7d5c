import Link from "next/link";
import { requireAdminPage } from "@/lib/admin/page-session";
import { AdminNav } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";

export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const session = await requireAdminPage();
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <Link href="/admin" className={styles.brand}>
            Masthead<span>Admin</span>
          </Link>
          <AdminNav />
          <div className={styles.who}>
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
      <main id="main" className={`container ${styles.main}`}>
        {children}
      </main>
    </div>
  );
}
