"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import type { MemberRow } from "./member-table";
import styles from "./admin.module.css";

type Member = MemberRow & { firstName: string; lastName: string };
type Status = { kind: "ok" | "error"; text: string } | null;
type Fields = { firstName: string; lastName: string; email: string; timeZone: string; role: string };

const toFields = (m: Member): Fields => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  timeZone: m.timeZone,
  role: m.role,
});

function InlineStatus({ status, id }: { status: Status; id: string }) {
  return (
    <p
      id={id}
      className={styles.inlineStatus}
      data-kind={status?.kind}
      role={status?.kind === "error" ? "alert" : "status"}
    >
      {status?.text ?? ""}
    </p>
  );
}

/** Edit (v2 update), deactivate/reactivate (v1 update) and remove (v2 delete) one member. */
export function MemberEditor({
  member: initial,
  roles,
  timeZones,
}: {
  member: Member;
  roles: string[];
  timeZones: string[];
}) {
  const router = useRouter();
  const [member, setMember] = useState(initial);
  const [fields, setFields] = useState<Fields>(toFields(initial));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saveStatus, setSaveStatus] = useState<Status>(null);
  const [activeBusy, setActiveBusy] = useState(false);
  const [activeStatus, setActiveStatus] = useState<Status>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeStatus, setRemoveStatus] = useState<Status>(null);

  const saved = toFields(member);
  const changes = Object.fromEntries(
    (Object.keys(fields) as (keyof Fields)[])
      .filter((k) => fields[k].trim() !== saved[k])
      .map((k) => [k, fields[k].trim()]),
  );
  const dirty = Object.keys(changes).length > 0;

  function set<K extends keyof Fields>(key: K) {
    return (e: React.ChangeEvent<HTMLInputElement>) => {
      setFields((f) => ({ ...f, [key]: e.target.value }));
      setFieldErrors((fe) => ({ ...fe, [key]: "" }));
    };
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!dirty) {
      setSaveStatus({ kind: "ok", text: "Nothing to save: no field was changed." });
      return;
    }
    setSaving(true);
    setSaveStatus(null);
    const res = await callApi<{ member: Member }>(`/api/admin/team-members/${member.id}`, "PATCH", changes);
    setSaving(false);
    if (!res.ok) {
      // The form keeps what the admin typed.
      setFieldErrors(res.fields ?? {});
      setSaveStatus({ kind: "error", text: res.error });
      return;
    }
    const next = {
      ...member,
      ...res.data.member,
      name: `${res.data.member.firstName} ${res.data.member.lastName}`.trim() || res.data.member.email,
    };
    setMember(next);
    setFields(toFields(next));
    setSaveStatus({ kind: "ok", text: "Changes saved." });
    router.refresh();
  }

  async function toggleActive() {
    setActiveBusy(true);
    setActiveStatus(null);
    const res = await callApi<{ member: Member }>(`/api/admin/team-members/${member.id}/activation`, "PUT", {
      active: !member.active,
    });
    setActiveBusy(false);
    if (!res.ok) {
      setActiveStatus({ kind: "error", text: res.error });
      return;
    }
    setMember((m) => ({ ...m, active: res.data.member.active }));
    setActiveStatus({
      kind: "ok",
      text: res.data.member.active ? `${member.name} is active again.` : `${member.name} is now inactive.`,
    });
    router.refresh();
  }

  async function remove() {
    setRemoving(true);
    setRemoveStatus(null);
    const res = await callApi<{ ok: true }>(`/api/admin/team-members/${member.id}`, "DELETE");
    setRemoving(false);
    setConfirmRemove(false);
    if (!res.ok) {
      setRemoveStatus({ kind: "error", text: res.error });
      return;
    }
    router.push(`/admin/members?removed=${encodeURIComponent(member.name)}`);
    router.refresh();
  }

  const err = (k: keyof Fields) => fieldErrors[k] || "";

  return (
    <>
      <section className={styles.card} aria-labelledby="edit-heading">
        <h2 id="edit-heading">Details</h2>
        <form onSubmit={save} noValidate>
          <div className={styles.grid2}>
            {(
              [
                ["firstName", "First name", "text", "given-name"],
                ["lastName", "Last name", "text", "family-name"],
              ] as const
            ).map(([key, label, type, ac]) => (
              <div className={styles.field} key={key}>
                <label htmlFor={`m-${key}`}>{label}</label>
                <input
                  id={`m-${key}`}
                  className={styles.input}
                  type={type}
                  autoComplete={ac}
                  value={fields[key]}
                  onChange={set(key)}
                  aria-invalid={err(key) ? true : undefined}
                  aria-describedby={err(key) ? `m-${key}-err` : undefined}
                />
                {err(key) ? (
                  <p id={`m-${key}-err`} className={styles.fieldError}>
                    {err(key)}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
          <div className={styles.field}>
            <label htmlFor="m-email">Email</label>
            <input
              id="m-email"
              className={styles.input}
              type="email"
              autoComplete="off"
              value={fields.email}
              onChange={set("email")}
              aria-invalid={err("email") ? true : undefined}
              aria-describedby={err("email") ? "m-email-err" : undefined}
            />
            {err("email") ? (
              <p id="m-email-err" className={styles.fieldError}>
                {err("email")}
              </p>
            ) : null}
          </div>
          <div className={styles.grid2}>
            <div className={styles.field}>
              <label htmlFor="m-timeZone">Time zone</label>
              <input
                id="m-timeZone"
                className={styles.input}
                list="time-zone-options"
                autoComplete="off"
                spellCheck={false}
                value={fields.timeZone}
                onChange={set("timeZone")}
                aria-invalid={err("timeZone") ? true : undefined}
                aria-describedby={`m-timeZone-hint${err("timeZone") ? " m-timeZone-err" : ""}`}
              />
              <datalist id="time-zone-options">
                {timeZones.map((z) => (
                  <option key={z} value={z} />
                ))}
              </datalist>
              <p id="m-timeZone-hint" className={styles.hint}>
                Type to search, e.g. “Paris” or “America/”.
              </p>
              {err("timeZone") ? (
                <p id="m-timeZone-err" className={styles.fieldError}>
                  {err("timeZone")}
                </p>
              ) : null}
            </div>
            <div className={styles.field}>
              <label htmlFor="m-role">Role</label>
              <input
                id="m-role"
                className={styles.input}
                list="role-options"
                autoComplete="off"
                spellCheck={false}
                value={fields.role}
                onChange={set("role")}
                aria-invalid={err("role") ? true : undefined}
                aria-describedby={`m-role-hint${err("role") ? " m-role-err" : ""}`}
              />
              <datalist id="role-options">
                {roles.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
              <p id="m-role-hint" className={styles.hint}>
                Case sensitive. Pick one the workspace uses or type another.
              </p>
              {err("role") ? (
                <p id="m-role-err" className={styles.fieldError}>
                  {err("role")}
                </p>
              ) : null}
            </div>
          </div>
          <div className={styles.actions} style={{ marginBottom: "1rem" }}>
            <button type="submit" className={styles.buttonPrimary} disabled={saving}>
              {saving ? "Saving…" : "Save changes"}
            </button>
            {dirty ? (
              <button
                type="button"
                className={styles.button}
                onClick={() => {
                  setFields(saved);
                  setFieldErrors({});
                  setSaveStatus(null);
                }}
                disabled={saving}
              >
                Discard changes
              </button>
            ) : null}
            <InlineStatus status={saveStatus} id="save-status" />
          </div>
        </form>
      </section>

      <section className={styles.card} aria-labelledby="status-heading">
        <h2 id="status-heading">Status</h2>
        <p>
          {member.name} is{" "}
          {member.active ? (
            <span className={styles.badgeActive}>Active</span>
          ) : (
            <span className={styles.badgeInactive}>Inactive</span>
          )}
          {member.active ? "" : " and cannot sign in to the workspace."}
        </p>
        <div className={styles.actions} style={{ marginBottom: "1rem" }}>
          <button type="button" className={styles.button} onClick={toggleActive} disabled={activeBusy}>
            {activeBusy ? "Working…" : member.active ? "Deactivate" : "Reactivate"}
          </button>
          <InlineStatus status={activeStatus} id="active-status" />
        </div>
      </section>

      <section className={styles.cardDanger} aria-labelledby="remove-heading">
        <h2 id="remove-heading">Remove from workspace</h2>
        <p className={styles.muted}>
          Removes {member.name} from the workspace for good. They can be invited again later.
        </p>
        <div className={styles.actions} style={{ marginBottom: "1rem" }}>
          <button
            type="button"
            className={styles.buttonDanger}
            onClick={() => setConfirmRemove(true)}
            disabled={removing}
          >
            Remove member…
          </button>
          <InlineStatus status={removeStatus} id="remove-status" />
        </div>
      </section>

      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${member.name}?`}
        confirmLabel={`Remove ${member.name}`}
        busy={removing}
        onConfirm={remove}
        onCancel={() => setConfirmRemove(false)}
      >
        <p>
          {member.name} ({member.email}) will be removed from the workspace. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
