"use client";

import { usePathname } from "next/navigation";

/** One form per page: none in the footer under /newsletter, whose pages have their own (or, after a signup, none). */
export function OffNewsletterPages({ children }: { children: React.ReactNode }) {
  const path = usePathname();
  return path === "/newsletter" || path.startsWith("/newsletter/") ? null : children;
}
