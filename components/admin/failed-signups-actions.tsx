"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import styles from "./admin.module.css";

type Result = { count: number };

/** "Retry failed" and "Discard failed" for the newsletter's failed deliveries. */
export function FailedSignupsActions({ failed }: { failed: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const plural = (n: number) => `${n.toLocaleString("en")} signup${n === 1 ? "" : "s"}`;

  async function act(method: "POST" | "DELETE") {
    setBusy(true);
    setStatus(null);
    const res = await callApi<Result>("/api/admin/newsletter/failed", method);
    setBusy(false);
    setConfirming(false);
    if (!res.ok) return setStatus({ kind: "error", text: res.error });
    setStatus({
      kind: "ok",
      text:
        method === "POST"
          ? `${plural(res.data.count)} moved back to pending; they will be delivered shortly.`
          : `${plural(res.data.count)} discarded; their addresses were deleted.`,
    });
    router.refresh();
  }

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.button}
        onClick={() => act("POST")}
        disabled={busy || failed === 0}
      >
        Retry failed
      </button>
      <button
        type="button"
        className={styles.buttonDanger}
        onClick={() => setConfirming(true)}
        disabled={busy || failed === 0}
      >
        Discard failed
      </button>
      <p
        className={styles.inlineStatus}
        data-kind={status?.kind}
        role={status?.kind === "error" ? "alert" : "status"}
      >
        {status?.text ?? ""}
      </p>
      <ConfirmDialog
        open={confirming}
        title="Discard failed signups?"
        confirmLabel="Discard"
        busy={busy}
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
