"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { InlineStatus } from "./inline-status";
import type { EditableMember } from "./member-details-form";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";

/** Remove a member for good (v2 delete), after a confirmation that names them. */
export function MemberRemoval({ member }: { member: EditableMember }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const removal = useApiAction();

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
        <h2 id="remove-heading">Remove from workspace</h2>
        <p className={styles.muted}>
          Removes {member.name} from the workspace for good. They can be invited again later.
        </p>
        <div className={styles.actions} style={{ marginBottom: "1rem" }}>
          <button
            type="button"
            className={styles.buttonDanger}
            onClick={() => setConfirming(true)}
            disabled={removal.busy}
          >
            Remove member…
          </button>
          <InlineStatus status={removal.status} id="remove-status" />
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${member.name}?`}
        confirmLabel={`Remove ${member.name}`}
        busy={removal.busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {member.name} ({member.email}) will be removed from the workspace. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
