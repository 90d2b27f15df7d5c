"use client";

import { usePathname } from "next/navigation";
import { NavList } from "./nav-list";

/** The path is known when a page is prerendered, so the current page's mark is in the HTML. */
export function NavLinks(props: Omit<React.ComponentProps<typeof NavList>, "path">) {
  return <NavList {...props} path={usePathname()} />;
}
