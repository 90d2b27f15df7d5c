"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, Actions, Button } from "./ui";
import { useApiAction } from "./api";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/** Invite several people at once (v2 add). The form stays filled when anything fails. */
export function InviteForm({ roles, defaultInvitedBy }: { roles: string[]; defaultInvitedBy: string }) {
  const router = useRouter();
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState("Standard");
  const [invitedBy, setInvitedBy] = useState(defaultInvitedBy);
  const [send, setSend] = useState(true);
  const [fields, setFields] = useState<Record<string, string>>({});
  const invite = useApiAction((failure) => setFields(failure.fields ?? {}));
  const { t } = useAdminText();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFields({});
    const body = {
      emails,
      role: role.trim() || undefined,
      invitedBy: invitedBy.trim(),
      sendInvitationEmail: send,
    };
    await invite.run(
      (api) => api<{ emails: string[] }>("/api/admin/team-members", "POST", body),
      (data) => {
        setEmails("");
        router.refresh();
        return t("admin.invite.done", { count: data.emails.length, emails: data.emails.join(", ") });
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className={styles.card}>
      <Field
        label={t("admin.invite.emails")}
        hint={t("admin.invite.emailsHint")}
        error={fields.emails}
        multiline
        value={emails}
        onChange={(e) => setEmails(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <div className={styles.grid2}>
        <Field
          label={t("admin.field.role")}
          hint={t("admin.invite.roleHint")}
          error={fields.role}
          options={roles}
          value={role}
          onChange={(e) => setRole(e.target.value)}
        />
        <Field
          label={t("admin.invite.invitedBy")}
          hint={t("admin.invite.invitedByHint")}
          error={fields.invitedBy}
          type="email"
          value={invitedBy}
          onChange={(e) => setInvitedBy(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className={styles.checkboxRow}>
        <input id="invite-send" type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
        <label htmlFor="invite-send">{t("admin.invite.send")}</label>
      </div>
      <Actions status={invite.status}>
        <Button type="submit" look="buttonPrimary" disabled={invite.busy}>
          {invite.busy ? t("admin.invite.busy") : t("admin.invite.submit")}
        </Button>
      </Actions>
    </form>
  );
}
