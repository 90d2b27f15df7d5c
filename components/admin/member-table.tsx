"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useApi } from "./api";
import { Avatar } from "./avatar";
import { ConfirmDialog } from "./confirm-dialog";
import styles from "./admin.module.css";
import memberStyles from "./members.module.css";
import { useAdminText } from "./words";

export type MemberRow = {
  id: string;
  email: string;
  name: string;
  role: string;
  timeZone: string;
  active: boolean;
  profileImageUrl: string | null;
};

type BulkResult = { id: string; email: string | null; name: string; ok: boolean; error?: string };
type BulkResponse = {
  action: "remove" | "deactivate";
  succeeded: number;
  failed: number;
  results: BulkResult[];
};

/** The member table with row selection and the bulk actions (remove, deactivate). */
export function MemberTable({ members, caption }: { members: MemberRow[]; caption: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<"remove" | "deactivate" | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ action: "remove" | "deactivate"; results: BulkResult[] } | null>(
    null,
  );
  const [error, setError] = useState("");
  const { t } = useAdminText();
  const callApi = useApi();

  const visibleIds = useMemo(() => members.map((m) => m.id), [members]);
  // Only rows on screen count: a selection never acts on people the admin cannot see.
  const selectedMembers = members.filter((m) => selected.has(m.id));
  const count = selectedMembers.length;
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(visibleIds));
  }

  async function run() {
    if (!pending) return;
    setBusy(true);
    setError("");
    const res = await callApi<BulkResponse>("/api/admin/team-members/bulk", "POST", {
      action: pending,
      ids: selectedMembers.map((m) => m.id),
    });
    setBusy(false);
    const action = pending;
    setPending(null);
    if (!res.ok) {
      setError(res.error);
      return;
    }
    setOutcome({ action, results: res.data.results });
    // Keep failed ones selected so the admin can see and retry them.
    setSelected(new Set(res.data.results.filter((r) => !r.ok).map((r) => r.id)));
    router.refresh();
  }

  return (
    <>
      <div className={memberStyles.bulkBar} role="region" aria-label={t("admin.bulk.label")}>
        <span className={styles.small} aria-live="polite">
          {count === 0 ? t("admin.bulk.hint") : t("admin.bulk.selected", { count })}
        </span>
        {(["deactivate", "remove"] as const).map((action) => (
          <button
            key={action}
            type="button"
            className={action === "remove" ? styles.buttonDanger : styles.button}
            disabled={count === 0}
            onClick={() => setPending(action)}
          >
            {t(`admin.bulk.${action}Selected`)}
          </button>
        ))}
        {count > 0 ? (
          <button type="button" className={styles.linkButton} onClick={() => setSelected(new Set())}>
            {t("admin.bulk.clear")}
          </button>
        ) : null}
      </div>

      <div role="alert">{error ? <p className={styles.alert}>{error}</p> : null}</div>
      <div role="status" aria-live="polite">
        {outcome ? (
          <div className={outcome.results.every((r) => r.ok) ? styles.success : styles.alert}>
            <strong>
              {t(`admin.bulk.${outcome.action}Done`, {
                done: outcome.results.filter((r) => r.ok).length,
                count: outcome.results.length,
              })}
            </strong>
            <ul className={memberStyles.results}>
              {outcome.results.map((r) => (
                <li key={r.id} className={r.ok ? memberStyles.resultOk : memberStyles.resultFail}>
                  {r.ok ? "✓" : "✗"} {r.name}
                  {r.email && r.email !== r.name ? ` (${r.email})` : ""}:{" "}
                  {r.ok ? t(`admin.bulk.${outcome.action}Ok`) : r.error}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <div className={memberStyles.tableWrap}>
        <table className={memberStyles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t("admin.bulk.selectAll")}
                  checked={allSelected}
                  onChange={toggleAll}
                  disabled={!members.length}
                />
              </th>
              <th scope="col">{t("admin.field.name")}</th>
              <th scope="col">{t("admin.field.email")}</th>
              <th scope="col">{t("admin.field.role")}</th>
              <th scope="col" className={styles.hideNarrow}>
                {t("admin.field.timeZone")}
              </th>
              <th scope="col">{t("admin.member.status")}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} data-selected={selected.has(m.id)}>
                <td className={memberStyles.cellSelect}>
                  <input
                    type="checkbox"
                    aria-label={t("admin.bulk.select", { name: m.name })}
                    checked={selected.has(m.id)}
                    onChange={() => toggle(m.id)}
                  />
                </td>
                <td className={memberStyles.cellName}>
                  <span className={memberStyles.person}>
                    <Avatar url={m.profileImageUrl} name={m.name} />
                    <Link href={`/admin/members/${m.id}`}>{m.name}</Link>
                  </span>
                </td>
                <td className={memberStyles.cellEmail}>{m.email}</td>
                <td className={memberStyles.cellRole}>{m.role}</td>
                <td className={`${styles.hideNarrow} ${memberStyles.cellZone}`}>{m.timeZone}</td>
                <td className={memberStyles.cellStatus}>
                  {m.active ? (
                    <span className={memberStyles.badgeActive}>{t("admin.member.active")}</span>
                  ) : (
                    <span className={memberStyles.badgeInactive}>{t("admin.member.inactive")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`admin.bulk.${pending}Title`, { count }) : ""}
        confirmLabel={pending ? t(`admin.bulk.${pending}Confirm`, { count }) : ""}
        busy={busy}
        onConfirm={run}
        onCancel={() => setPending(null)}
      >
        <p>{pending ? t(`admin.bulk.${pending}Warning`) : ""}</p>
        <ul>
          {selectedMembers.map((m) => (
            <li key={m.id}>
              {m.name} ({m.email})
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
