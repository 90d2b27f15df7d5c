"use client";

import { usePathname } from "next/navigation";
import { NavList } from "./nav-list";

/**
 * The configured links with the current page marked. The path is known when a page is
 * prerendered, so the mark is in the HTML.
 */
export function NavLinks(props: Omit<React.ComponentProps<typeof NavList>, "path">) {
  return <NavList {...props} path={usePathname()} />;
}
