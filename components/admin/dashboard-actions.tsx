"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "./confirm-dialog";
import { Actions, Button } from "./ui";
import { useApiAction } from "./api";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

type FailedRow = { id: string; address: string; reason: string; when: string };

/** Failed signups, retried or discarded one or all; discarding deletes addresses, so it is confirmed. */
export function FailedSignups({ rows, total }: { rows: FailedRow[]; total: number }) {
  const router = useRouter();
  const action = useApiAction();
  const { t } = useAdminText();

  /** The signups named by `ids`, or (none named) every one. */
  const act = (method: "POST" | "DELETE", ids?: string[]) =>
    action.run(
      // Always a JSON body: the route reads one, and a bodiless write has no Content-Type.
      (api) => api<{ count: number }>("/api/admin/newsletter/failed", method, ids ? { ids } : {}),
      ({ count }) => {
        router.refresh();
        return t(method === "POST" ? "admin.failed.retried" : "admin.failed.discarded", { count });
      },
    );
  const discard = (label: string, confirm: string, ids?: string[], ariaLabel?: string) => (
    <ConfirmButton
      label={label}
      ariaLabel={ariaLabel}
      disabled={total === 0}
      title={t("admin.failed.confirmTitle")}
      confirmLabel={t("admin.failed.discard")}
      busy={action.busy}
      onConfirm={() => act("DELETE", ids)}
    >
      <p>{confirm}</p>
    </ConfirmButton>
  );

  return (
    <div>
      <Actions status={action.status}>
        <Button onClick={() => act("POST")} disabled={action.busy || total === 0}>
          {t("admin.failed.retryAll")}
        </Button>
        {discard(t("admin.failed.discardAll"), t("admin.failed.confirmAll", { count: total }))}
      </Actions>
      {rows.length > 0 ? (
        <table className={styles.figures}>
          <caption className={styles.muted}>
            {rows.length < total
              ? t("admin.failed.newest", { shown: rows.length, count: total })
              : t("admin.failed.caption")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.failed.address")}</th>
              <th scope="col">{t("admin.failed.reason")}</th>
              <th scope="col">{t("admin.failed.when")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("admin.failed.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="failed-signup">
                <td>{row.address}</td>
                <td>{row.reason}</td>
                <td>{row.when}</td>
                <td className={styles.rowActions}>
                  <Button
                    aria-label={t("admin.failed.retryOne", { address: row.address })}
                    onClick={() => act("POST", [row.id])}
                    disabled={action.busy}
                  >
                    {t("admin.failed.retry")}
                  </Button>
                  {discard(
                    t("admin.failed.discard"),
                    t("admin.failed.confirmOne", { address: row.address }),
                    [row.id],
                    t("admin.failed.discardOne", { address: row.address }),
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Asks Next to regenerate every blog page from the workspace now. */
export function RefreshBlogButton() {
  const refresh = useApiAction();
  const { t, when } = useAdminText();
  const run = () =>
    refresh.run(
      (api) => api<{ revalidatedAt: string }>("/api/admin/blog/refresh", "POST", {}),
      // Stale-while-revalidate: the next view regenerates, the one after shows it.
      (data) => t("admin.refresh.done", { when: when(data.revalidatedAt) }),
    );
  return (
    <Actions status={refresh.status}>
      <Button look="buttonPrimary" onClick={run} disabled={refresh.busy}>
        {refresh.busy ? t("admin.refresh.busy") : t("admin.refresh.button")}
      </Button>
    </Actions>
  );
}
