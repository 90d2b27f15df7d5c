"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApi } from "./api";
import { Field } from "./field";
import { SuggestingInput } from "./suggesting-input";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/** Invite several people at once (v2 add). The form stays filled when anything fails. */
export function InviteForm({ roles, defaultInvitedBy }: { roles: string[]; defaultInvitedBy: string }) {
  const router = useRouter();
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState("Standard");
  const [invitedBy, setInvitedBy] = useState(defaultInvitedBy);
  const [send, setSend] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const [done, setDone] = useState<string[] | null>(null);
  const { t } = useAdminText();
  const callApi = useApi();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    setFields({});
    setInvalid([]);
    setDone(null);
    const res = await callApi<{ emails: string[] }>("/api/admin/team-members", "POST", {
      emails,
      role: role.trim() || undefined,
      invitedBy: invitedBy.trim(),
      sendInvitationEmail: send,
    });
    setBusy(false);
    if (!res.ok) {
      setError(res.error);
      setFields(res.fields ?? {});
      setInvalid(res.invalidEmails ?? []);
      return;
    }
    setDone(res.data.emails);
    setEmails("");
    router.refresh();
  }

  const emailsError =
    fields.emails || (invalid.length ? t("admin.invite.notValid", { emails: invalid.join(", ") }) : "");

  return (
    <form onSubmit={submit} noValidate className={styles.card}>
      <Field
        id="invite-emails"
        label={t("admin.invite.emails")}
        hint={t("admin.invite.emailsHint")}
        error={emailsError}
      >
        {(control) => (
          <textarea
            {...control}
            className={styles.textarea}
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
        )}
      </Field>
      <div className={styles.grid2}>
        <Field
          id="invite-role"
          label={t("admin.field.role")}
          hint={t("admin.invite.roleHint")}
          error={fields.role}
        >
          {(control) => (
            <SuggestingInput
              control={control}
              listId="invite-role-options"
              options={roles}
              value={role}
              onChange={(e) => setRole(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="invite-by"
          label={t("admin.invite.invitedBy")}
          hint={t("admin.invite.invitedByHint")}
          error={fields.invitedBy}
        >
          {(control) => (
            <input
              {...control}
              className={styles.input}
              type="email"
              value={invitedBy}
              onChange={(e) => setInvitedBy(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <div className={styles.checkboxRow}>
        <input id="invite-send" type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
        <label htmlFor="invite-send">{t("admin.invite.send")}</label>
      </div>
      <div role="alert">{error ? <p className={styles.alert}>{error}</p> : null}</div>
      <div role="status">
        {done ? (
          <p className={styles.success}>
            {t("admin.invite.done", { count: done.length, emails: done.join(", ") })}
          </p>
        ) : null}
      </div>
      <div className={styles.actions} style={{ marginBottom: "1rem" }}>
        <button type="submit" className={styles.buttonPrimary} disabled={busy}>
          {busy ? t("admin.invite.busy") : t("admin.invite.submit")}
        </button>
      </div>
    </form>
  );
}
