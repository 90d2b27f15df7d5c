"use client";

import { useState } from "react";
import type { TwoFactorView } from "@/lib/admin/two-factor";
import { Rich } from "@/components/site/rich";
import { useApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import { useAdminText } from "./words";
import { InlineStatus } from "./inline-status";
import type { ActionStatus } from "./use-api-action";
import styles from "./admin.module.css";

const REAUTH_HREF = "/admin/login?reauth=1&next=%2Fadmin%2Faccount";

type Enrolment = { secret: string; qrSvg: string };

/**
 * The account page's two-factor: turn it on (a QR code and the secret to type, confirmed with
 * the app's code), the recovery codes shown once, how many are left, new ones, turn it off.
 * Each change needs a recent sign-in: without one (or once the API answers `reauth_required`)
 * a link to sign in again.
 */
export function TwoFactorManager({
  initial,
  recentSignIn,
  recentMinutes,
}: {
  initial: TwoFactorView;
  recentSignIn: boolean;
  recentMinutes: number;
}) {
  const { t } = useAdminText();
  const callApi = useApi();
  const [view, setView] = useState(initial);
  const [recent, setRecent] = useState(recentSignIn);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  /** One call: busy meanwhile, a refusal shown (a stale sign-in swaps the buttons for the link). */
  async function call<T>(url: string, method: "POST" | "PUT" | "DELETE", body?: unknown): Promise<T | null> {
    setBusy(true);
    setStatus(null);
    const res = await callApi<T>(url, method, body);
    setBusy(false);
    if (res.ok) return res.data;
    if (res.code === "reauth_required") setRecent(false);
    setStatus({ kind: "error", text: res.error });
    return null;
  }

  async function start() {
    const data = await call<Enrolment>("/api/admin/two-factor", "POST", {});
    if (data) setEnrolment(data);
  }

  /** Confirming the enrolment and regenerating both answer fresh recovery codes, shown this once. */
  async function newCodes(url: string, method: "POST" | "PUT", body: unknown, done: string) {
    const data = await call<{ recoveryCodes: string[] }>(url, method, body);
    if (!data) return;
    setEnrolment(null);
    setCode("");
    setCodes(data.recoveryCodes);
    setView({ source: "account", left: data.recoveryCodes.length, total: data.recoveryCodes.length });
    setStatus({ kind: "ok", text: done });
  }

  async function turnOff() {
    const data = await call<{ on: false }>("/api/admin/two-factor", "DELETE");
    setTurningOff(false);
    if (!data) return;
    setCodes(null);
    setView({ source: null, left: 0, total: 0 });
    setStatus({ kind: "ok", text: t("admin.twoFactor.turnedOff") });
  }

  if (view.source === "operator")
    return <p className={styles.info}>{t("admin.twoFactor.managedByOperator")}</p>;
  return (
    <>
      <InlineStatus status={status} />
      {codes ? (
        <>
          <h3>{t("admin.twoFactor.codesHeading")}</h3>
          <p>{t("admin.twoFactor.codesOnce")}</p>
          <ol aria-label={t("admin.twoFactor.codesHeading")}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <button type="button" className={styles.button} onClick={() => setCodes(null)}>
            {t("admin.twoFactor.codesSaved")}
          </button>
        </>
      ) : enrolment ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void newCodes("/api/admin/two-factor", "PUT", { code }, t("admin.twoFactor.turnedOn"));
          }}
        >
          <p>{t("admin.twoFactor.scan")}</p>
          {/* The server drew the QR code: a data URL keeps its markup out of the page's own. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL: nothing for next/image to optimise */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t("admin.twoFactor.qrAlt")}
            width={200}
            height={200}
          />
          <p>
            {t("admin.twoFactor.secret")}: <code data-testid="two-factor-secret">{enrolment.secret}</code>
          </p>
          <Field
            id="two-factor-code"
            label={t("admin.twoFactor.codeLabel")}
            hint={t("admin.twoFactor.codeHint")}
          >
            {(control) => (
              <input
                {...control}
                className={styles.input}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                maxLength={40}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            )}
          </Field>
          <button type="submit" className={styles.buttonPrimary} disabled={busy}>
            {t("admin.twoFactor.confirm")}
          </button>{" "}
          <button type="button" className={styles.button} onClick={() => setEnrolment(null)} disabled={busy}>
            {t("admin.confirm.cancel")}
          </button>
        </form>
      ) : (
        <p>
          {view.source ? t("admin.twoFactor.on") : t("admin.twoFactor.off")}{" "}
          {view.source
            ? view.left === null
              ? t("admin.twoFactor.leftUnknown")
              : t("admin.twoFactor.left", { count: view.left, total: view.total })
            : null}
        </p>
      )}
      {codes || enrolment ? null : !recent ? (
        <p className={styles.info}>
          <Rich
            text={t("admin.twoFactor.reauth", { minutes: recentMinutes })}
            slots={{ link: <a href={REAUTH_HREF}>{t("admin.twoFactor.reauthLink")}</a> }}
          />
        </p>
      ) : view.source ? (
        <p>
          <button
            type="button"
            className={styles.button}
            onClick={() =>
              void newCodes(
                "/api/admin/two-factor/recovery-codes",
                "POST",
                {},
                t("admin.twoFactor.regenerated"),
              )
            }
            disabled={busy}
          >
            {t("admin.twoFactor.regenerate")}
          </button>{" "}
          <button
            type="button"
            className={styles.buttonDanger}
            onClick={() => setTurningOff(true)}
            disabled={busy}
          >
            {t("admin.twoFactor.turnOff")}
          </button>
        </p>
      ) : (
        <button type="button" className={styles.buttonPrimary} onClick={() => void start()} disabled={busy}>
          {t("admin.twoFactor.turnOn")}
        </button>
      )}
      <ConfirmDialog
        open={turningOff}
        title={t("admin.twoFactor.turnOffTitle")}
        confirmLabel={t("admin.twoFactor.turnOff")}
        busy={busy}
        onConfirm={() => void turnOff()}
        onCancel={() => setTurningOff(false)}
      >
        <p>{t("admin.twoFactor.turnOffBody")}</p>
      </ConfirmDialog>
    </>
  );
}
