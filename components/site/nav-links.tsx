"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { SiteLink } from "@/lib/config/site";

/**
 * The configured links, the current page's marked for assistive technology and the eye
 * (aria-current: "page" on the page itself, "true" inside its section, e.g. a post under /blog).
 * The path is known when a page is prerendered, so the mark is in the HTML.
 */
export function NavLinks({
  links,
  externalHint,
  className,
}: {
  links: SiteLink[];
  externalHint: string;
  className?: string;
}) {
  const path = usePathname();
  return (
    <ul className={className}>
      {links.map((link, i) => (
        <li key={i}>
          {link.external ? (
            <a href={link.href} rel="external">
              {link.label}
              <span aria-hidden="true"> ↗</span>
              <span className="visually-hidden"> {externalHint}</span>
            </a>
          ) : (
            <Link href={link.href} prefetch={false} aria-current={current(path, link.href)}>
              {link.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function current(path: string, href: string): "page" | "true" | undefined {
  const target = href.split(/[?#]/)[0]!.replace(/(.)\/$/, "$1");
  if (path === target) return "page";
  if (target !== "/" && path.startsWith(`${target}/`)) return "true";
  return undefined;
}
