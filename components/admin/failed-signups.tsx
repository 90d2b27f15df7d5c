"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { InlineStatus } from "./inline-status";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";

export type FailedRow = { id: string; address: string; reason: string; when: string };

/** Which failed signups an action takes: the ones named, or (no ids) every one. */
type Selection = { ids?: string[]; what: string };

const plural = (n: number) => `${n.toLocaleString("en")} signup${n === 1 ? "" : "s"}`;

/**
 * The newsletter's failed signups: each with Retry and Discard, and both for all of them at
 * once. Discarding deletes addresses, so it is confirmed first; retrying is not.
 */
export function FailedSignups({ rows, total }: { rows: FailedRow[]; total: number }) {
  const router = useRouter();
  const action = useApiAction();
  const [discarding, setDiscarding] = useState<Selection | null>(null);

  async function act(method: "POST" | "DELETE", { ids }: Selection) {
    await action.run(
      // Always a JSON body: the route reads one, and a bodiless write has no Content-Type.
      () => callApi<{ count: number }>("/api/admin/newsletter/failed", method, ids ? { ids } : {}),
      (data) => {
        router.refresh();
        return method === "POST"
          ? `${plural(data.count)} moved back to waiting; they will be delivered shortly.`
          : `${plural(data.count)} discarded; their addresses were deleted.`;
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
          onClick={() => act("POST", { what: "all" })}
          disabled={action.busy || total === 0}
        >
          Retry failed
        </button>
        <button
          type="button"
          className={styles.buttonDanger}
          onClick={() => setDiscarding({ what: plural(total) })}
          disabled={action.busy || total === 0}
        >
          Discard failed
        </button>
        <InlineStatus status={action.status} />
      </div>
      {rows.length > 0 ? (
        <table className={styles.figures}>
          <caption className={styles.muted}>
            {rows.length < total ? `The newest ${rows.length} of ${plural(total)}` : "Failed signups"}
          </caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Reason</th>
              <th scope="col">Failed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
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
                    aria-label={`Retry ${row.address}`}
                    onClick={() => act("POST", { ids: [row.id], what: row.address })}
                    disabled={action.busy}
                  >
                    Retry
                  </button>
                  <button
                    type="button"
                    className={styles.buttonDanger}
                    aria-label={`Discard ${row.address}`}
                    onClick={() => setDiscarding({ ids: [row.id], what: row.address })}
                    disabled={action.busy}
                  >
                    Discard
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={discarding !== null}
        title="Discard failed signups?"
        confirmLabel="Discard"
        busy={action.busy}
        onConfirm={() => discarding && act("DELETE", discarding)}
        onCancel={() => setDiscarding(null)}
      >
        <p>
          {discarding?.what} will be deleted with{" "}
          {discarding?.ids?.length === 1 ? "its address" : "their addresses"} and never delivered. The readers
          are not told.
        </p>
      </ConfirmDialog>
    </div>
  );
}
