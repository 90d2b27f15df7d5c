"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./shell.module.css";
import { useAdminText } from "./words";

const LINKS = [
  { href: "/admin", label: "admin.dashboard.title", exact: true },
  { href: "/admin/members", label: "admin.members.title", exact: false },
  { href: "/admin/members/invite", label: "admin.nav.invite", exact: true },
  { href: "/admin/account", label: "admin.nav.account", exact: true },
] as const;

export function AdminNav() {
  const path = usePathname();
  const { t } = useAdminText();
  // The most specific matching link is the current one ("Invite" rather than "Members").
  const current = LINKS.filter((l) =>
    l.exact ? path === l.href : path === l.href || path.startsWith(`${l.href}/`),
  ).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label={t("admin.title")}>
      <ul className={`inline-list ${styles.nav}`}>
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} aria-current={current === l.href ? "page" : undefined}>
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
