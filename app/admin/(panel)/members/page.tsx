import type { Metadata } from "next";
import Link from "next/link";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { displayName, listMembers, type MemberListResult } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { PAGE_SIZES, parseListQuery, type ListQuery } from "@/lib/admin/validation";
import { MemberTable, type MemberRow } from "@/components/admin/member-table";
import { PageSizeSelect } from "@/components/admin/page-size-select";
import styles from "@/components/admin/admin.module.css";

export const metadata: Metadata = { title: "Members" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function href(q: ListQuery, changes: Partial<ListQuery>): string {
  const next = { ...q, ...changes };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.status !== "all") p.set("status", next.status);
  if (next.pageSize !== 30) p.set("pageSize", String(next.pageSize));
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return `/admin/members${s ? `?${s}` : ""}`;
}

/** Page numbers to show: first, last, and a window around the current one. */
function pageWindow(current: number, total: number): (number | "gap")[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - (sorted[i - 1] as number) > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

export default async function MembersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = parseListQuery(params);
  await requireAdminPage(href(query, {}));
  const removed = typeof params.removed === "string" ? params.removed.slice(0, 200) : "";

  let result: MemberListResult | null = null;
  let problem = "";
  try {
    result = await listMembers(query);
  } catch (error) {
    problem = mapWorkspaceError(error).error;
  }
  const rows: MemberRow[] =
    result?.members.map((m) => ({
      id: m.id,
      email: m.email,
      name: displayName(m),
      role: m.role,
      timeZone: m.timeZone,
      active: m.active,
      profileImageUrl: m.profileImageUrl,
    })) ?? [];
  const filtering = Boolean(query.q) || query.status !== "all";

  return (
    <>
      <div className={styles.pageHeader}>
        <h1>Members</h1>
        <Link href="/admin/members/invite" className={styles.buttonPrimary}>
          Invite members
        </Link>
      </div>

      {removed ? (
        <p className={styles.success} role="status">
          {removed} was removed from the workspace.
        </p>
      ) : null}

      <form
        method="get"
        action="/admin/members"
        className={styles.controls}
        role="search"
        aria-label="Search members"
      >
        <div className={`${styles.field} ${styles.controlsSearch}`}>
          <label htmlFor="list-q">Search by name or email</label>
          <input
            id="list-q"
            name="q"
            type="search"
            className={styles.input}
            defaultValue={query.q}
            autoComplete="off"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="list-status">Show</label>
          <select id="list-status" name="status" className={styles.select} defaultValue={query.status}>
            <option value="all">All members</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </select>
        </div>
        <PageSizeSelect value={query.pageSize} sizes={PAGE_SIZES} />
        <button type="submit" className={styles.button}>
          Apply
        </button>
        {filtering ? (
          <Link href={href(query, { q: "", status: "all", page: 1 })} className={styles.small}>
            Clear search
          </Link>
        ) : null}
      </form>

      {problem ? (
        <p className={styles.alert} role="alert">
          The member list could not be loaded. {problem}
        </p>
      ) : null}

      {result ? (
        <>
          <p className={`${styles.muted} ${styles.small}`} role="status" data-testid="list-summary">
            {result.totalRecords === 0
              ? filtering
                ? "No members match this search."
                : "The workspace has no members yet."
              : `${result.totalRecords.toLocaleString("en")} ${filtering ? "matching " : ""}member${result.totalRecords === 1 ? "" : "s"} · page ${result.page} of ${result.totalPages}`}
            {result.truncated ? " (the workspace is very large; search covers the first part of it)" : ""}
          </p>
          {rows.length > 0 ? (
            <MemberTable
              members={rows}
              caption={`Team members, page ${result.page} of ${result.totalPages}`}
            />
          ) : result.page > 1 && result.totalRecords > 0 ? (
            <p className={styles.info}>
              This page is past the end of the list.{" "}
              <Link href={href(query, { page: 1 })}>Go to the first page</Link>.
            </p>
          ) : null}
          {result.totalPages > 1 ? (
            <nav className={styles.pagination} aria-label="Pages">
              <span className={styles.small}>
                {query.page > 1 ? (
                  <Link href={href(query, { page: query.page - 1 })} rel="prev">
                    ← Previous
                  </Link>
                ) : null}
              </span>
              <ul>
                {pageWindow(result.page, result.totalPages).map((p, i) =>
                  p === "gap" ? (
                    <li key={`gap-${i}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={p}>
                      {p === result.page ? (
                        <span aria-current="page">{p}</span>
                      ) : (
                        <Link href={href(query, { page: p })} aria-label={`Page ${p}`}>
                          {p}
                        </Link>
                      )}
                    </li>
                  ),
                )}
              </ul>
              <span className={styles.small}>
                {result.page < result.totalPages ? (
                  <Link href={href(query, { page: result.page + 1 })} rel="next">
                    Next →
                  </Link>
                ) : null}
              </span>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
