"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Rich } from "@/components/site/rich";
import { ConfirmButton } from "./confirm-dialog";
import { MemberBadge, type MemberRow } from "./member-table";
import { Card, Field, Actions, Button } from "./ui";
import { useApiAction } from "./api";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

const FIELDS = ["firstName", "lastName", "email", "timeZone", "role"] as const;
type Fields = Record<(typeof FIELDS)[number], string>;
const toFields = (m: MemberRow) => Object.fromEntries(FIELDS.map((k) => [k, m[k]])) as Fields;

/** Details (v2: changed fields only), status (v1: v2 cannot) and removal; held as saved, so every part shows it. */
export function MemberEditor({
  member: initial,
  roles,
  timeZones,
}: {
  member: MemberRow;
  roles: string[];
  timeZones: string[];
}) {
  const router = useRouter();
  const [member, setMember] = useState(initial);
  const [fields, setFields] = useState<Fields>(toFields(initial));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useApiAction((failure) => setFieldErrors(failure.fields ?? {}));
  const toggle = useApiAction();
  const removal = useApiAction();
  const { t } = useAdminText();
  const url = `/api/admin/team-members/${member.id}`;
  const name = member.name;

  const saved = toFields(member);
  const changes = Object.fromEntries(
    FIELDS.filter((k) => fields[k].trim() !== saved[k]).map((k) => [k, fields[k].trim()]),
  );
  const dirty = Object.keys(changes).length > 0;

  function bind(key: keyof Fields) {
    return {
      error: fieldErrors[key] || undefined,
      value: fields[key],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        setFields((f) => ({ ...f, [key]: e.target.value }));
        setFieldErrors((fe) => ({ ...fe, [key]: "" }));
      },
    };
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!dirty) return save.setStatus({ kind: "ok", text: t("admin.details.nothing") });
    await save.run(
      (api) => api<{ member: MemberRow }>(url, "PATCH", changes),
      (data) => {
        const next = {
          ...member,
          ...data.member,
          name: `${data.member.firstName} ${data.member.lastName}`.trim() || data.member.email,
        };
        setMember(next);
        setFields(toFields(next));
        router.refresh();
        return t("admin.details.saved");
      },
    );
  }

  const toggleActive = () =>
    toggle.run(
      (api) => api<{ member: MemberRow }>(`${url}/activation`, "PUT", { active: !member.active }),
      ({ member: { active } }) => {
        setMember((m) => ({ ...m, active }));
        router.refresh();
        return t(active ? "admin.member.reactivated" : "admin.member.deactivated", { name });
      },
    );

  const remove = () =>
    removal.run(
      (api) => api<{ ok: true }>(url, "DELETE"),
      () => {
        router.push(`/admin/members?removed=${encodeURIComponent(name)}`);
        router.refresh();
      },
    );

  return (
    <>
      <Card title={t("admin.details.title")}>
        <form onSubmit={submit} noValidate>
          <div className={styles.grid2}>
            <Field label={t("admin.details.firstName")} {...bind("firstName")} autoComplete="given-name" />
            <Field label={t("admin.details.lastName")} {...bind("lastName")} autoComplete="family-name" />
          </div>
          <Field label={t("admin.field.email")} {...bind("email")} type="email" autoComplete="off" />
          <div className={styles.grid2}>
            <Field
              label={t("admin.field.timeZone")}
              hint={t("admin.details.timeZoneHint")}
              options={timeZones}
              {...bind("timeZone")}
            />
            <Field
              label={t("admin.field.role")}
              hint={t("admin.details.roleHint")}
              options={roles}
              {...bind("role")}
            />
          </div>
          <Actions status={save.status}>
            <Button type="submit" look="buttonPrimary" disabled={save.busy}>
              {save.busy ? t("admin.details.saving") : t("admin.details.save")}
            </Button>
            {dirty ? (
              <Button
                onClick={() => {
                  setFields(saved);
                  setFieldErrors({});
                  save.setStatus(null);
                }}
                disabled={save.busy}
              >
                {t("admin.details.discard")}
              </Button>
            ) : null}
          </Actions>
        </form>
      </Card>
      <Card title={t("admin.member.status")}>
        <p>
          <Rich
            text={t(member.active ? "admin.member.isActive" : "admin.member.isInactive", { name })}
            slots={{ state: <MemberBadge active={member.active} /> }}
          />
        </p>
        <Actions status={toggle.status}>
          <Button onClick={toggleActive} disabled={toggle.busy}>
            {t(
              toggle.busy
                ? "admin.confirm.working"
                : member.active
                  ? "admin.member.deactivate"
                  : "admin.member.reactivate",
            )}
          </Button>
        </Actions>
      </Card>
      <Card title={t("admin.removal.title")} lede={t("admin.removal.lede", { name })} danger>
        <Actions status={removal.status}>
          <ConfirmButton
            label={t("admin.removal.button")}
            title={t("admin.removal.confirmTitle", { name })}
            confirmLabel={t("admin.removal.confirm", { name })}
            busy={removal.busy}
            onConfirm={remove}
          >
            <p>{t("admin.removal.warning", { name, email: member.email })}</p>
          </ConfirmButton>
        </Actions>
      </Card>
    </>
  );
}
