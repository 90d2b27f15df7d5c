"use client";

import { useRouter } from "next/navigation";
import { Rich } from "@/components/site/rich";
import { useApi } from "./api";
import { InlineStatus } from "./inline-status";
import type { EditableMember } from "./member-details-form";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";
import memberStyles from "./members.module.css";
import { useAdminText } from "./words";

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
  const { t } = useAdminText();
  const callApi = useApi();

  function toggleActive() {
    return toggle.run(
      () =>
        callApi<{ member: EditableMember }>(`/api/admin/team-members/${member.id}/activation`, "PUT", {
          active: !member.active,
        }),
      (data) => {
        onChanged(data.member.active);
        router.refresh();
        return t(data.member.active ? "admin.member.reactivated" : "admin.member.deactivated", {
          name: member.name,
        });
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="status-heading">
      <h2 id="status-heading">{t("admin.member.status")}</h2>
      <p>
        <Rich
          text={t(member.active ? "admin.member.isActive" : "admin.member.isInactive", { name: member.name })}
          slots={{
            state: member.active ? (
              <span className={memberStyles.badgeActive}>{t("admin.member.active")}</span>
            ) : (
              <span className={memberStyles.badgeInactive}>{t("admin.member.inactive")}</span>
            ),
          }}
        />
      </p>
      <div className={styles.actions} style={{ marginBottom: "1rem" }}>
        <button type="button" className={styles.button} onClick={toggleActive} disabled={toggle.busy}>
          {t(
            toggle.busy
              ? "admin.confirm.working"
              : member.active
                ? "admin.member.deactivate"
                : "admin.member.reactivate",
          )}
        </button>
        <InlineStatus status={toggle.status} id="active-status" />
      </div>
    </section>
  );
}
