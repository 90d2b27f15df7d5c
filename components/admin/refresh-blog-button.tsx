"use client";

import { useState } from "react";
import { callApi } from "./api";
import styles from "./admin.module.css";

/** Asks Next to regenerate every blog page from the workspace now. */
export function RefreshBlogButton() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  async function refresh() {
    setBusy(true);
    setStatus(null);
    const res = await callApi<{ revalidatedAt: string }>("/api/admin/blog/refresh", "POST", {});
    setBusy(false);
    setStatus(
      res.ok
        ? {
            kind: "ok",
            // Stale-while-revalidate (lib/blog/revalidate.ts): the next view regenerates, the one after shows it.
            text: `Blog refresh requested at ${new Date(res.data.revalidatedAt).toLocaleTimeString()}. Pages pick up the latest posts within seconds of their next visit.`,
          }
        : { kind: "error", text: res.error },
    );
  }
  return (
    <div className={styles.actions} style={{ marginBottom: "1rem" }}>
      <button type="button" className={styles.buttonPrimary} onClick={refresh} disabled={busy}>
        {busy ? "Refreshing…" : "Refresh blog"}
      </button>
      <p
        className={styles.inlineStatus}
        data-kind={status?.kind}
        role={status?.kind === "error" ? "alert" : "status"}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
