"use client";

import { callApi } from "./api";
import { InlineStatus } from "./inline-status";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";

/** Asks Next to regenerate every blog page from the workspace now. */
export function RefreshBlogButton() {
  const refresh = useApiAction();
  const run = () =>
    refresh.run(
      () => callApi<{ revalidatedAt: string }>("/api/admin/blog/refresh", "POST", {}),
      // Stale-while-revalidate (lib/blog/revalidate.ts): the next view regenerates, the one after shows it.
      (data) =>
        `Blog refresh requested at ${new Date(data.revalidatedAt).toLocaleTimeString()}. Pages pick up the latest posts within seconds of their next visit.`,
    );
  return (
    <div className={styles.actions} style={{ marginBottom: "1rem" }}>
      <button type="button" className={styles.buttonPrimary} onClick={run} disabled={refresh.busy}>
        {refresh.busy ? "Refreshing…" : "Refresh blog"}
      </button>
      <InlineStatus status={refresh.status} />
    </div>
  );
}
