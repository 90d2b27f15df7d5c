"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { PasskeyView } from "@/lib/admin/passkeys/account";
import { ConfirmButton } from "./confirm-dialog";
import { passkeyCeremony, useWebAuthnSupport } from "./passkey-sign-in";
import { Field, InlineStatus, ReauthNote, Button } from "./ui";
import { useApi, useApiAction } from "./api";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/** The account's passkeys and the choice to stop signing in with the password; changes need a recent sign-in. */
export function PasskeyManager({
  initial,
  initialPasskeysOnly,
  recentSignIn,
  recentMinutes,
}: {
  initial: PasskeyView[];
  initialPasskeysOnly: boolean;
  recentSignIn: boolean;
  recentMinutes: number;
}) {
  const { t, when } = useAdminText();
  const callApi = useApi();
  const [passkeys, setPasskeys] = useState(initial);
  const [passkeysOnly, setPasskeysOnly] = useState(initialPasskeysOnly);
  const [recent, setRecent] = useState(recentSignIn);
  const supported = useWebAuthnSupport();
  const action = useApiAction((failure) => failure.code === "reauth_required" && setRecent(false));
  const router = useRouter();
  // Removing the last passkey while the password is off turns the password back on: said first.
  const warning =
    passkeys.length === 1 && passkeysOnly ? "admin.passkeys.warningLast" : "admin.passkeys.warning";
  const url = (passkey: PasskeyView) => `/api/admin/passkeys/${encodeURIComponent(passkey.id)}`;

  const add = () =>
    action.run(
      (api) => passkeyCeremony<{ passkey: PasskeyView }>(api, t, "enrol"),
      ({ passkey }) => {
        setPasskeys((list) => [...list, passkey]);
        return t("admin.passkeys.added", { name: passkey.name });
      },
    );

  // Not busy meanwhile: a rename runs on blur, and disabling the button just clicked would lose the click.
  async function rename(passkey: PasskeyView, name: string) {
    if (name.trim() === passkey.name) return;
    const res = await callApi<{ name: string }>(url(passkey), "PATCH", { name });
    if (!res.ok) return action.setStatus({ kind: "error", text: res.error });
    setPasskeys((list) => list.map((p) => (p.id === passkey.id ? { ...p, name: res.data.name } : p)));
    action.setStatus({ kind: "ok", text: t("admin.passkeys.renamed", { name: res.data.name }) });
  }

  const remove = (passkey: PasskeyView) =>
    action.run(
      (api) => api<{ passwordBack: boolean; signedOut: boolean }>(url(passkey), "DELETE"),
      ({ passwordBack, signedOut }) => {
        if (signedOut) return router.refresh();
        setPasskeys((list) => list.filter((p) => p.id !== passkey.id));
        if (passwordBack) setPasskeysOnly(false);
        const key = passwordBack ? "admin.passkeys.removedPasswordBack" : "admin.passkeys.removed";
        return t(key, { name: passkey.name });
      },
    );

  async function choosePasskeysOnly(on: boolean) {
    // Shown at once (a checkbox that lags its click reads as broken); put back if refused.
    setPasskeysOnly(on);
    const done = await action.run(
      (api) =>
        api<{ passkeysOnly: boolean; signedOut: boolean }>("/api/admin/passkeys/passkeys-only", "PUT", {
          on,
        }),
      (data) => {
        // This session ended with what opened it: the page sends the admin to sign in, saying why.
        if (data.signedOut) return router.refresh();
        setPasskeysOnly(data.passkeysOnly);
        return t(data.passkeysOnly ? "admin.passkeys.passwordOff" : "admin.passkeys.passwordOn");
      },
    );
    if (!done) setPasskeysOnly(!on);
  }

  return (
    <>
      <InlineStatus status={action.status} />
      {passkeys.length === 0 ? (
        <p>{t("admin.passkeys.none")}</p>
      ) : (
        <ul className={styles.passkeyList} aria-label={t("admin.passkeys.list")}>
          {passkeys.map((p) => (
            <li key={p.id} className={styles.passkeyItem}>
              <Field
                label={t("admin.field.name")}
                hint={t(p.backedUp ? "admin.passkeys.historySynced" : "admin.passkeys.history", {
                  added: when(p.createdAt),
                  used: p.lastUsedAt === null ? t("admin.passkeys.never") : when(p.lastUsedAt),
                })}
                defaultValue={p.name}
                maxLength={60}
                onBlur={(e) => void rename(p, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") void rename(p, e.currentTarget.value);
                }}
              />
              <ConfirmButton
                label={t("admin.passkeys.remove")}
                ariaLabel={t("admin.passkeys.removeOne", { name: p.name })}
                title={t("admin.passkeys.confirmTitle")}
                confirmLabel={t("admin.passkeys.confirm")}
                busy={action.busy}
                onConfirm={() => remove(p)}
              >
                <p>{t(warning, { name: p.name })}</p>
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      {supported === false ? (
        <p className={styles.info}>{t("admin.passkeys.unsupported")}</p>
      ) : recent ? (
        <Button look="buttonPrimary" onClick={add} disabled={action.busy}>
          {action.busy ? t("admin.passkeys.waiting") : t("admin.passkeys.add")}
        </Button>
      ) : (
        <ReauthNote of="passkeys" minutes={recentMinutes} />
      )}
      {passkeys.length > 0 || passkeysOnly ? (
        <div className={styles.checkboxRow} style={{ marginTop: "1.25rem" }}>
          <input
            id="passkeys-only"
            type="checkbox"
            checked={passkeysOnly}
            disabled={action.busy}
            onChange={(e) => void choosePasskeysOnly(e.currentTarget.checked)}
          />
          <label htmlFor="passkeys-only">{t("admin.passkeys.only")}</label>
        </div>
      ) : null}
    </>
  );
}
