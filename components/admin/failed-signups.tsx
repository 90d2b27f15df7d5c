"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { InlineStatus } from "./inline-status";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

export type FailedRow = { id: string; address: string; reason: string; when: string };

/** Which failed signups an action takes: the one named, or (no ids) every one. */
type Selection = { ids?: string[]; address?: string };

/**
 * The newsletter's failed signups: each with Retry and Discard, and both for all of them at
 * once. Discarding deletes addresses, so it is confirmed first; retrying is not.
 */
export function FailedSignups({ rows, total }: { rows: FailedRow[]; total: number }) {
  const router = useRouter();
  const action = useApiAction();
  const [discarding, setDiscarding] = useState<Selection | null>(null);
  const { t } = useAdminText();
  const callApi = useApi();

  async function act(method: "POST" | "DELETE", { ids }: Selection) {
    await action.run(
      // Always a JSON body: the route reads one, and a bodiless write has no Content-Type.
      () => callApi<{ count: number }>("/api/admin/newsletter/failed", method, ids ? { ids } : {}),
      (data) => {
        router.refresh();
        return t(method === "POST" ? "admin.failed.retried" : "admin.failed.discarded", {
          count: data.count,
        });
      },
    );
    setDiscarding(null);
  }

  return (
    <div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => act("POST", {})}
          disabled={action.busy || total === 0}
        >
          {t("admin.failed.retryAll")}
        </button>
        <button
          type="button"
          className={styles.buttonDanger}
          onClick={() => setDiscarding({})}
          disabled={action.busy || total === 0}
        >
          {t("admin.failed.discardAll")}
        </button>
        <InlineStatus status={action.status} />
      </div>
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
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={t("admin.failed.retryOne", { address: row.address })}
                    onClick={() => act("POST", { ids: [row.id] })}
                    disabled={action.busy}
                  >
                    {t("admin.failed.retry")}
                  </button>
                  <button
                    type="button"
                    className={styles.buttonDanger}
                    aria-label={t("admin.failed.discardOne", { address: row.address })}
                    onClick={() => setDiscarding({ ids: [row.id], address: row.address })}
                    disabled={action.busy}
                  >
                    {t("admin.failed.discard")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={discarding !== null}
        title={t("admin.failed.confirmTitle")}
        confirmLabel={t("admin.failed.discard")}
        busy={action.busy}
        onConfirm={() => discarding && act("DELETE", discarding)}
        onCancel={() => setDiscarding(null)}
      >
        <p>
          {discarding?.address
            ? t("admin.failed.confirmOne", { address: discarding.address })
            : t("admin.failed.confirmAll", { count: total })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
