import { DEFAULT_PAGE_SIZE, type ListQuery } from "./validation";

// The query's defaults stay out of the URL, so the plain list is always /admin/members.

export function memberListHref(q: ListQuery, changes: Partial<ListQuery> = {}): string {
  const next = { ...q, ...changes };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.status !== "all") p.set("status", next.status);
  if (next.pageSize !== DEFAULT_PAGE_SIZE) p.set("pageSize", String(next.pageSize));
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return `/admin/members${s ? `?${s}` : ""}`;
}

/** Page numbers to show: first, last, and a window around the current one, with a gap where pages are left out. */
export function pageWindow(current: number, total: number): (number | "gap")[] {
  const pages = [...new Set([1, current - 1, current, current + 1, total])].filter(
    (n) => n >= 1 && n <= total,
  );
  pages.sort((a, b) => a - b);
  return pages.flatMap((n, i) => (i > 0 && n - pages[i - 1]! > 1 ? ["gap" as const, n] : [n]));
}
