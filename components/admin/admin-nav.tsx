"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./shell.module.css";
import { useAdminText } from "./words";

const LINKS = [
  ["/admin", "admin.dashboard.title"],
  ["/admin/members", "admin.members.title"],
  ["/admin/members/invite", "admin.nav.invite"],
  ["/admin/account", "admin.nav.account"],
] as const;

export function AdminNav() {
  const path = usePathname();
  const { t } = useAdminText();
  // The most specific link holding this page is the current one ("Invite" rather than "Members").
  const current = LINKS.map(([href]) => href)
    .filter((href) => path === href || path.startsWith(`${href}/`))
    .at(-1);
  return (
    <nav aria-label={t("admin.title")}>
      <ul className={`inline-list ${styles.nav}`}>
        {LINKS.map(([href, label]) => (
          <li key={href}>
            <Link href={href} aria-current={current === href ? "page" : undefined}>
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
