"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApi } from "./api";
import { Field } from "./field";
import { SuggestingInput } from "./suggesting-input";
import { InlineStatus } from "./inline-status";
import type { MemberRow } from "./member-table";
import { useApiAction } from "./use-api-action";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

export type EditableMember = MemberRow & { firstName: string; lastName: string };
type Fields = { firstName: string; lastName: string; email: string; timeZone: string; role: string };

const toFields = (m: EditableMember): Fields => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  timeZone: m.timeZone,
  role: m.role,
});

/** A member's details (v2 update). Only changed fields are sent; a failure keeps what was typed. */
export function MemberDetailsForm({
  member,
  roles,
  timeZones,
  onSaved,
}: {
  member: EditableMember;
  roles: string[];
  timeZones: string[];
  onSaved: (member: EditableMember) => void;
}) {
  const router = useRouter();
  const [fields, setFields] = useState<Fields>(toFields(member));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useApiAction();
  const { t } = useAdminText();
  const callApi = useApi();

  const saved = toFields(member);
  const changes = Object.fromEntries(
    (Object.keys(fields) as (keyof Fields)[])
      .filter((k) => fields[k].trim() !== saved[k])
      .map((k) => [k, fields[k].trim()]),
  );
  const dirty = Object.keys(changes).length > 0;

  function bind<K extends keyof Fields>(key: K) {
    return {
      value: fields[key],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        setFields((f) => ({ ...f, [key]: e.target.value }));
        setFieldErrors((fe) => ({ ...fe, [key]: "" }));
      },
    };
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!dirty) {
      save.setStatus({ kind: "ok", text: t("admin.details.nothing") });
      return;
    }
    await save.run(
      () => callApi<{ member: EditableMember }>(`/api/admin/team-members/${member.id}`, "PATCH", changes),
      (data) => {
        const next = {
          ...member,
          ...data.member,
          name: `${data.member.firstName} ${data.member.lastName}`.trim() || data.member.email,
        };
        onSaved(next);
        setFields(toFields(next));
        router.refresh();
        return t("admin.details.saved");
      },
      (failure) => setFieldErrors(failure.fields ?? {}),
    );
  }

  const err = (k: keyof Fields) => fieldErrors[k] || undefined;

  return (
    <section className={styles.card} aria-labelledby="edit-heading">
      <h2 id="edit-heading">{t("admin.details.title")}</h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.grid2}>
          <Field id="m-firstName" label={t("admin.details.firstName")} error={err("firstName")}>
            {(control) => (
              <input {...control} {...bind("firstName")} className={styles.input} autoComplete="given-name" />
            )}
          </Field>
          <Field id="m-lastName" label={t("admin.details.lastName")} error={err("lastName")}>
            {(control) => (
              <input {...control} {...bind("lastName")} className={styles.input} autoComplete="family-name" />
            )}
          </Field>
        </div>
        <Field id="m-email" label={t("admin.field.email")} error={err("email")}>
          {(control) => (
            <input {...control} {...bind("email")} className={styles.input} type="email" autoComplete="off" />
          )}
        </Field>
        <div className={styles.grid2}>
          {(
            [
              [
                "timeZone",
                t("admin.field.timeZone"),
                t("admin.details.timeZoneHint"),
                "time-zone-options",
                timeZones,
              ],
              ["role", t("admin.field.role"), t("admin.details.roleHint"), "role-options", roles],
            ] as const
          ).map(([key, label, hint, listId, options]) => (
            <Field key={key} id={`m-${key}`} label={label} hint={hint} error={err(key)}>
              {(control) => (
                <SuggestingInput control={control} listId={listId} options={options} {...bind(key)} />
              )}
            </Field>
          ))}
        </div>
        <div className={styles.actions} style={{ marginBottom: "1rem" }}>
          <button type="submit" className={styles.buttonPrimary} disabled={save.busy}>
            {save.busy ? t("admin.details.saving") : t("admin.details.save")}
          </button>
          {dirty ? (
            <button
              type="button"
              className={styles.button}
              onClick={() => {
                setFields(saved);
                setFieldErrors({});
                save.setStatus(null);
              }}
              disabled={save.busy}
            >
              {t("admin.details.discard")}
            </button>
          ) : null}
          <InlineStatus status={save.status} id="save-status" />
        </div>
      </form>
    </section>
  );
}
