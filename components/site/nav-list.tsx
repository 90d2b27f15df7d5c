import Link from "next/link";
import type { SiteLink } from "@/lib/config/site";

/** With `path`, the current page's link is marked: aria-current "page" on it, "true" inside its section. */
export function NavList({
  links,
  externalHint,
  className,
  path,
}: {
  links: SiteLink[];
  externalHint: string;
  className?: string;
  path?: string;
}) {
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
            <Link
              href={link.href}
              prefetch={false}
              aria-current={path ? current(path, link.href) : undefined}
            >
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
