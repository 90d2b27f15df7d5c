"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { InlineStatus } from "./inline-status";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";

type Result = { count: number };

/** "Retry failed" and "Discard failed" for the newsletter's failed deliveries. */
export function FailedSignupsActions({ failed }: { failed: number }) {
  const router = useRouter();
  const action = useApiAction();
  const [confirming, setConfirming] = useState(false);
  const plural = (n: number) => `${n.toLocaleString("en")} signup${n === 1 ? "" : "s"}`;

  async function act(method: "POST" | "DELETE") {
    await action.run(
      () => callApi<Result>("/api/admin/newsletter/failed", method),
      (data) => {
        router.refresh();
        return method === "POST"
          ? `${plural(data.count)} moved back to pending; they will be delivered shortly.`
          : `${plural(data.count)} discarded; their addresses were deleted.`;
      },
    );
    setConfirming(false);
  }

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.button}
        onClick={() => act("POST")}
        disabled={action.busy || failed === 0}
      >
        Retry failed
      </button>
      <button
        type="button"
        className={styles.buttonDanger}
        onClick={() => setConfirming(true)}
        disabled={action.busy || failed === 0}
      >
        Discard failed
      </button>
      <InlineStatus status={action.status} />
      <ConfirmDialog
        open={confirming}
        title="Discard failed signups?"
        confirmLabel="Discard"
        busy={action.busy}
        onConfirm={() => act("DELETE")}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {plural(failed)} will be deleted with their addresses and never delivered. The readers are not told.
        </p>
      </ConfirmDialog>
    </div>
  );
}
