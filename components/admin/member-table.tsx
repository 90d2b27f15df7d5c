"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TeamMember } from "@/lib/workspace";
import Image from "next/image";
import { ConfirmButton } from "./confirm-dialog";
import { InlineStatus, Button } from "./ui";
import { useApiAction } from "./api";
import styles from "./admin.module.css";
import memberStyles from "./members.module.css";
import { useAdminText } from "./words";

export type MemberRow = TeamMember & { name: string };
type BulkAction = "remove" | "deactivate";
type BulkResult = { id: string; email: string | null; name: string; ok: boolean; error?: string };

export function MemberBadge({ active }: { active: boolean }) {
  const { t } = useAdminText();
  return active ? (
    <span className={memberStyles.badgeActive}>{t("admin.member.active")}</span>
  ) : (
    <span className={memberStyles.badgeInactive}>{t("admin.member.inactive")}</span>
  );
}

/** The member's picture through Next's image optimizer (the CSP allows only same-origin images), or initials. */
export function Avatar({ url, name, large }: { url: string | null; name: string; large?: boolean }) {
  const size = large ? 64 : 32;
  const cls = (base?: string) => (large ? `${base} ${memberStyles.avatarLarge}` : base);
  if (url) return <Image src={url} alt="" width={size} height={size} className={cls(memberStyles.avatar)} />;
  const initials =
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join("") || "?";
  return (
    <span className={cls(memberStyles.initials)} aria-hidden="true">
      {initials}
    </span>
  );
}

/** Page size choice: submits its form on change (the form's button does the same without JavaScript). */
export function PageSizeSelect({
  value,
  sizes,
  label,
}: {
  value: number;
  sizes: readonly number[];
  label: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor="list-page-size">{label}</label>
      <select
        id="list-page-size"
        name="pageSize"
        className={styles.select}
        defaultValue={String(value)}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MemberTable({ members, caption }: { members: MemberRow[]; caption: string }) {
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<{ action: BulkAction; results: BulkResult[] } | null>(null);
  const bulk = useApiAction();
  const { t } = useAdminText();

  // Only rows on screen count: a selection never acts on people the admin cannot see.
  const selectedMembers = members.filter((m) => selected.includes(m.id));
  const count = selectedMembers.length;
  const allSelected = members.length > 0 && count === members.length;

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const run = (action: BulkAction) =>
    bulk.run(
      (api) =>
        api<{ results: BulkResult[] }>("/api/admin/team-members/bulk", "POST", {
          action,
          ids: selectedMembers.map((m) => m.id),
        }),
      ({ results }) => {
        setOutcome({ action, results });
        // Keep failed ones selected so the admin can see and retry them.
        setSelected(results.filter((r) => !r.ok).map((r) => r.id));
        router.refresh();
      },
    );

  return (
    <>
      <div className={memberStyles.bulkBar} role="region" aria-label={t("admin.bulk.label")}>
        <span className={styles.small} aria-live="polite">
          {count === 0 ? t("admin.bulk.hint") : t("admin.bulk.selected", { count })}
        </span>
        {(["deactivate", "remove"] as const).map((action) => (
          <ConfirmButton
            key={action}
            label={t(`admin.bulk.${action}Selected`)}
            danger={action === "remove"}
            disabled={count === 0}
            title={t(`admin.bulk.${action}Title`, { count })}
            confirmLabel={t(`admin.bulk.${action}Confirm`, { count })}
            busy={bulk.busy}
            onConfirm={() => run(action)}
          >
            <p>{t(`admin.bulk.${action}Warning`)}</p>
            <ul>
              {selectedMembers.map((m) => (
                <li key={m.id}>
                  {m.name} ({m.email})
                </li>
              ))}
            </ul>
          </ConfirmButton>
        ))}
        {count > 0 ? (
          <Button look="linkButton" onClick={() => setSelected([])}>
            {t("admin.bulk.clear")}
          </Button>
        ) : null}
      </div>
      <InlineStatus status={bulk.status} />
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
                  onChange={() => setSelected(allSelected ? [] : members.map((m) => m.id))}
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
              <tr key={m.id} data-selected={selected.includes(m.id)}>
                <td className={memberStyles.cellSelect}>
                  <input
                    type="checkbox"
                    aria-label={t("admin.bulk.select", { name: m.name })}
                    checked={selected.includes(m.id)}
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
                  <MemberBadge active={m.active} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
