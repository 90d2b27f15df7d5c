import { adminTitle, type QueryProps } from "@/app/admin/pages";
import Link from "next/link";
import { displayName, listMembers, orProblem } from "@/lib/admin/members";
import { requireAdminPage } from "@/lib/admin/page-session";
import { memberListHref, pageWindow } from "@/lib/admin/member-list";
import { PAGE_SIZES, parseListQuery } from "@/lib/admin/validation";
import { MemberTable, PageSizeSelect } from "@/components/admin/member-table";
import { Alert, Field, Button } from "@/components/admin/ui";
import styles from "@/components/admin/admin.module.css";
import memberStyles from "@/components/admin/members.module.css";
import { siteText } from "@/lib/config/text";

export const generateMetadata = adminTitle("admin.members.title");

export default async function MembersPage({ searchParams }: QueryProps) {
  const params = await searchParams;
  const query = parseListQuery(params);
  await requireAdminPage(memberListHref(query));
  const removed = typeof params.removed === "string" ? params.removed.slice(0, 200) : "";

  const { value: result, problem } = await orProblem(listMembers(query));
  const rows = result?.members.map((m) => ({ ...m, name: displayName(m) })) ?? [];
  const filtering = Boolean(query.q) || query.status !== "all";
  const t = siteText();
  const step = (page: number, rel: "prev" | "next") => (
    <Link href={memberListHref(query, { page })} rel={rel}>
      {t(rel === "prev" ? "admin.members.previous" : "admin.members.next")}
    </Link>
  );

  return (
    <>
      <div className={styles.pageHeader}>
        <h1>{t("admin.members.title")}</h1>
        <Link href="/admin/members/invite" className={styles.buttonPrimary}>
          {t("admin.invite.title")}
        </Link>
      </div>

      {removed ? (
        <p className={styles.success} role="status">
          {t("admin.members.removed", { name: removed })}
        </p>
      ) : null}

      <form
        method="get"
        action="/admin/members"
        className={styles.controls}
        role="search"
        aria-label={t("admin.members.search")}
      >
        <Field
          label={t("admin.members.searchLabel")}
          name="q"
          type="search"
          defaultValue={query.q}
          autoComplete="off"
        />
        <div className={styles.field}>
          <label htmlFor="list-status">{t("admin.members.show")}</label>
          <select id="list-status" name="status" className={styles.select} defaultValue={query.status}>
            <option value="all">{t("admin.members.all")}</option>
            <option value="active">{t("admin.members.activeOnly")}</option>
            <option value="inactive">{t("admin.members.inactiveOnly")}</option>
          </select>
        </div>
        <PageSizeSelect value={query.pageSize} sizes={PAGE_SIZES} label={t("admin.members.perPage")} />
        <Button type="submit">{t("admin.members.apply")}</Button>
        {filtering ? (
          <Link href={memberListHref(query, { q: "", status: "all", page: 1 })} className={styles.small}>
            {t("admin.members.clear")}
          </Link>
        ) : null}
      </form>

      {problem ? <Alert>{t("admin.members.problem", { problem })}</Alert> : null}

      {result ? (
        <>
          <p className={`${styles.muted} ${styles.small}`} role="status" data-testid="list-summary">
            {result.totalRecords === 0
              ? t(filtering ? "admin.members.noMatch" : "admin.members.none")
              : t(filtering ? "admin.members.countMatching" : "admin.members.count", {
                  count: result.totalRecords,
                  page: result.page,
                  pages: result.totalPages,
                })}
            {result.truncated ? ` ${t("admin.members.truncated")}` : ""}
          </p>
          {rows.length > 0 ? (
            <MemberTable
              members={rows}
              caption={t("admin.members.caption", { page: result.page, pages: result.totalPages })}
            />
          ) : result.page > 1 && result.totalRecords > 0 ? (
            <p className={styles.info}>
              {t("admin.members.pastEnd")}{" "}
              <Link href={memberListHref(query, { page: 1 })}>{t("admin.members.firstPage")}</Link>
            </p>
          ) : null}
          {result.totalPages > 1 ? (
            <nav className={memberStyles.pagination} aria-label={t("admin.members.pages")}>
              <span className={styles.small}>{result.page > 1 ? step(result.page - 1, "prev") : null}</span>
              <ul>
                {pageWindow(result.page, result.totalPages).map((p, i) => (
                  <li key={`${p}-${i}`} aria-hidden={p === "gap" || undefined}>
                    {p === "gap" ? (
                      "…"
                    ) : p === result.page ? (
                      <span aria-current="page">{p}</span>
                    ) : (
                      <Link
                        href={memberListHref(query, { page: p })}
                        aria-label={t("admin.members.page", { page: p })}
                      >
                        {p}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
              <span className={styles.small}>
                {result.page < result.totalPages ? step(result.page + 1, "next") : null}
              </span>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
