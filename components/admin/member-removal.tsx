"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { InlineStatus } from "./inline-status";
import type { EditableMember } from "./member-details-form";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/** Remove a member for good (v2 delete), after a confirmation that names them. */
export function MemberRemoval({ member }: { member: EditableMember }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const removal = useApiAction();
  const { t } = useAdminText();
  const callApi = useApi();

  async function remove() {
    await removal.run(
      () => callApi<{ ok: true }>(`/api/admin/team-members/${member.id}`, "DELETE"),
      () => {
        router.push(`/admin/members?removed=${encodeURIComponent(member.name)}`);
        router.refresh();
      },
    );
    setConfirming(false);
  }

  return (
    <>
      <section className={styles.cardDanger} aria-labelledby="remove-heading">
        <h2 id="remove-heading">{t("admin.removal.title")}</h2>
        <p className={styles.muted}>{t("admin.removal.lede", { name: member.name })}</p>
        <div className={styles.actions} style={{ marginBottom: "1rem" }}>
          <button
            type="button"
            className={styles.buttonDanger}
            onClick={() => setConfirming(true)}
            disabled={removal.busy}
          >
            {t("admin.removal.button")}
          </button>
          <InlineStatus status={removal.status} id="remove-status" />
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t("admin.removal.confirmTitle", { name: member.name })}
        confirmLabel={t("admin.removal.confirm", { name: member.name })}
        busy={removal.busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("admin.removal.warning", { name: member.name, email: member.email })}</p>
      </ConfirmDialog>
    </>
  );
}
