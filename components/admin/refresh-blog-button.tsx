"use client";

import { Actions, Button } from "./ui";
import { useApiAction } from "./api";
import { useAdminText } from "./words";

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
