"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { PasskeyView } from "@/lib/admin/passkeys/account";
import { useApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import { passkeyProblem } from "./passkey-problem";
import { InlineStatus } from "./inline-status";
import type { ActionStatus } from "./use-api-action";
import styles from "./admin.module.css";
import { Rich } from "@/components/site/rich";
import { useAdminText } from "./words";

const REAUTH_HREF = "/admin/login?reauth=1&next=%2Fadmin%2Faccount";

/**
 * The account page's passkeys: each with a name to edit, when it was added and last used, and
 * Remove (confirmed first); "Add a passkey"; and, once there is a passkey, the choice to stop
 * signing in with the password. Adding, removing and turning the password back on need a recent
 * sign-in: without one (or once the API answers `reauth_required`) a link to sign in again.
 */
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
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const router = useRouter();

  /** An API refusal: shown, and a stale sign-in hides "Add a passkey" behind the link to sign in again. */
  function refused(res: { error: string; code?: string }) {
    if (res.code === "reauth_required") setRecent(false);
    setStatus({ kind: "error", text: res.error });
  }

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSupported(browserSupportsWebAuthn());
  }, []);

  async function add() {
    setBusy(true);
    setStatus(null);
    const options = await callApi<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      "/api/admin/passkeys/enrolment",
      "POST",
      {},
    );
    if (!options.ok) {
      setBusy(false);
      refused(options);
      return;
    }
    let response;
    try {
      response = await startRegistration({ optionsJSON: options.data.options });
    } catch (problem) {
      setBusy(false);
      setStatus({ kind: "error", text: t(passkeyProblem(problem, "enrol")) });
      return;
    }
    const res = await callApi<{ passkey: PasskeyView }>("/api/admin/passkeys", "POST", { response });
    setBusy(false);
    if (!res.ok) {
      refused(res);
      return;
    }
    setPasskeys((list) => [...list, res.data.passkey]);
    setStatus({ kind: "ok", text: t("admin.passkeys.added", { name: res.data.passkey.name }) });
  }

  async function rename(passkey: PasskeyView, name: string) {
    if (name.trim() === passkey.name) return;
    const res = await callApi<{ name: string }>(
      `/api/admin/passkeys/${encodeURIComponent(passkey.id)}`,
      "PATCH",
      { name },
    );
    if (!res.ok) {
      setStatus({ kind: "error", text: res.error });
      return;
    }
    setPasskeys((list) => list.map((p) => (p.id === passkey.id ? { ...p, name: res.data.name } : p)));
    setStatus({ kind: "ok", text: t("admin.passkeys.renamed", { name: res.data.name }) });
  }

  async function remove(passkey: PasskeyView) {
    setBusy(true);
    const res = await callApi<{ passwordBack: boolean; signedOut: boolean }>(
      `/api/admin/passkeys/${encodeURIComponent(passkey.id)}`,
      "DELETE",
    );
    setBusy(false);
    setRemoving(null);
    if (!res.ok) {
      refused(res);
      return;
    }
    if (res.data.signedOut) return router.refresh();
    setPasskeys((list) => list.filter((p) => p.id !== passkey.id));
    if (res.data.passwordBack) setPasskeysOnly(false);
    setStatus({
      kind: "ok",
      text: t(res.data.passwordBack ? "admin.passkeys.removedPasswordBack" : "admin.passkeys.removed", {
        name: passkey.name,
      }),
    });
  }

  async function choosePasskeysOnly(on: boolean) {
    // Shown at once (a checkbox that lags its click reads as broken); put back if refused.
    setPasskeysOnly(on);
    setBusy(true);
    const res = await callApi<{ passkeysOnly: boolean; signedOut: boolean }>(
      "/api/admin/passkeys/passkeys-only",
      "PUT",
      { on },
    );
    setBusy(false);
    if (!res.ok) {
      setPasskeysOnly(!on);
      refused(res);
      return;
    }
    // This session ended with what opened it: the page sends the admin to sign in, saying why.
    if (res.data.signedOut) return router.refresh();
    setPasskeysOnly(res.data.passkeysOnly);
    setStatus({
      kind: "ok",
      text: t(res.data.passkeysOnly ? "admin.passkeys.passwordOff" : "admin.passkeys.passwordOn"),
    });
  }

  return (
    <>
      <InlineStatus status={status} />
      {passkeys.length === 0 ? (
        <p>{t("admin.passkeys.none")}</p>
      ) : (
        <ul className={styles.passkeyList} aria-label={t("admin.passkeys.list")}>
          {passkeys.map((p, i) => (
            <li key={p.id} className={styles.passkeyItem}>
              <Field
                id={`passkey-name-${i}`}
                label={t("admin.field.name")}
                hint={t(p.backedUp ? "admin.passkeys.historySynced" : "admin.passkeys.history", {
                  added: when(p.createdAt),
                  used: p.lastUsedAt === null ? t("admin.passkeys.never") : when(p.lastUsedAt),
                })}
              >
                {(control) => (
                  <input
                    {...control}
                    className={styles.input}
                    defaultValue={p.name}
                    maxLength={60}
                    onBlur={(e) => void rename(p, e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") void rename(p, e.currentTarget.value);
                    }}
                  />
                )}
              </Field>
              <button
                type="button"
                className={styles.buttonDanger}
                onClick={() => setRemoving(p)}
                disabled={busy}
                aria-label={t("admin.passkeys.removeOne", { name: p.name })}
              >
                {t("admin.passkeys.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!supported ? (
        <p className={styles.info}>{t("admin.passkeys.unsupported")}</p>
      ) : recent ? (
        <button type="button" className={styles.buttonPrimary} onClick={add} disabled={busy}>
          {busy ? t("admin.passkeys.waiting") : t("admin.passkeys.add")}
        </button>
      ) : (
        <p className={styles.info}>
          <Rich
            text={t("admin.passkeys.reauth", { minutes: recentMinutes })}
            slots={{ link: <a href={REAUTH_HREF}>{t("admin.passkeys.reauthLink")}</a> }}
          />
        </p>
      )}
      {passkeys.length > 0 || passkeysOnly ? (
        <div className={styles.checkboxRow} style={{ marginTop: "1.25rem" }}>
          <input
            id="passkeys-only"
            type="checkbox"
            checked={passkeysOnly}
            disabled={busy}
            onChange={(e) => void choosePasskeysOnly(e.currentTarget.checked)}
          />
          <label htmlFor="passkeys-only">{t("admin.passkeys.only")}</label>
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t("admin.passkeys.confirmTitle")}
        confirmLabel={t("admin.passkeys.confirm")}
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {t(
            passkeys.length === 1 && passkeysOnly ? "admin.passkeys.warningLast" : "admin.passkeys.warning",
            {
              name: removing?.name ?? "",
            },
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
