import type { Metadata } from "next";
import Link from "next/link";
import { mapWorkspaceError } from "@/lib/admin/errors";
import { displayName, listMembers, type MemberListResult } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { memberListHref, pageWindow } from "@/lib/admin/member-list";
import { PAGE_SIZES, parseListQuery } from "@/lib/admin/validation";
import { MemberTable, type MemberRow } from "@/components/admin/member-table";
import { PageSizeSelect } from "@/components/admin/page-size-select";
import styles from "@/components/admin/admin.module.css";
import memberStyles from "@/components/admin/members.module.css";

export const metadata: Metadata = { title: "Members" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function MembersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = parseListQuery(params);
  await requireAdminPage(memberListHref(query));
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
          <Link href={memberListHref(query, { q: "", status: "all", page: 1 })} className={styles.small}>
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
              <Link href={memberListHref(query, { page: 1 })}>Go to the first page</Link>.
            </p>
          ) : null}
          {result.totalPages > 1 ? (
            <nav className={memberStyles.pagination} aria-label="Pages">
              <span className={styles.small}>
                {query.page > 1 ? (
                  <Link href={memberListHref(query, { page: query.page - 1 })} rel="prev">
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
                        <Link href={memberListHref(query, { page: p })} aria-label={`Page ${p}`}>
                          {p}
                        </Link>
                      )}
                    </li>
                  ),
                )}
              </ul>
              <span className={styles.small}>
                {result.page < result.totalPages ? (
                  <Link href={memberListHref(query, { page: result.page + 1 })} rel="next">
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
