"use client";

import { useRouter } from "next/navigation";
import { callApi } from "./api";
import { InlineStatus } from "./inline-status";
import type { EditableMember } from "./member-details-form";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";
import memberStyles from "./members.module.css";

/** Deactivate or reactivate a member (v1 update of `active`, which v2 does not accept). */
export function MemberStatusCard({
  member,
  onChanged,
}: {
  member: EditableMember;
  onChanged: (active: boolean) => void;
}) {
  const router = useRouter();
  const toggle = useApiAction();

  function toggleActive() {
    return toggle.run(
      () =>
        callApi<{ member: EditableMember }>(`/api/admin/team-members/${member.id}/activation`, "PUT", {
          active: !member.active,
        }),
      (data) => {
        onChanged(data.member.active);
        router.refresh();
        return data.member.active ? `${member.name} is active again.` : `${member.name} is now inactive.`;
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p>
        {member.name} is{" "}
        {member.active ? (
          <span className={memberStyles.badgeActive}>Active</span>
        ) : (
          <span className={memberStyles.badgeInactive}>Inactive</span>
        )}
        {member.active ? "" : " and cannot sign in to the workspace."}
      </p>
      <div className={styles.actions} style={{ marginBottom: "1rem" }}>
        <button type="button" className={styles.button} onClick={toggleActive} disabled={toggle.busy}>
          {toggle.busy ? "Working…" : member.active ? "Deactivate" : "Reactivate"}
        </button>
        <InlineStatus status={toggle.status} id="active-status" />
      </div>
    </section>
  );
}
