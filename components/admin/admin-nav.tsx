"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./shell.module.css";

const LINKS = [
  { href: "/admin", label: "Dashboard", exact: true },
  { href: "/admin/members", label: "Members", exact: false },
  { href: "/admin/members/invite", label: "Invite", exact: true },
  { href: "/admin/account", label: "Account", exact: true },
];

export function AdminNav() {
  const path = usePathname();
  // The most specific matching link is the current one ("Invite" rather than "Members").
  const current = LINKS.filter((l) =>
    l.exact ? path === l.href : path === l.href || path.startsWith(`${l.href}/`),
  ).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label="Admin">
      <ul className={`inline-list ${styles.nav}`}>
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} aria-current={current === l.href ? "page" : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
