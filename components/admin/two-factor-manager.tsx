"use client";

import { useState } from "react";
import type { TwoFactorView } from "@/lib/admin/two-factor";
import { TWO_FACTOR_WORDS as W } from "@/lib/admin/two-factor-words";
import { callApi } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import styles from "./admin.module.css";

const REAUTH_HREF = "/admin/login?reauth=1&next=%2Fadmin%2Faccount";

type Status = { kind: "ok" | "error"; text: string } | null;
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
}: {
  initial: TwoFactorView;
  recentSignIn: boolean;
}) {
  const [view, setView] = useState(initial);
  const [recent, setRecent] = useState(recentSignIn);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
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
    setStatus({ kind: "ok", text: W.turned_off });
  }

  if (view.source === "operator") return <p className={styles.info}>{W.managed_by_operator}</p>;
  return (
    <>
      <p
        className={styles.inlineStatus}
        data-kind={status?.kind}
        role={status?.kind === "error" ? "alert" : "status"}
      >
        {status?.text ?? ""}
      </p>
      {codes ? (
        <>
          <h3>{W.codes_heading}</h3>
          <p>{W.codes_once}</p>
          <ol aria-label={W.codes_heading}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <button type="button" className={styles.button} onClick={() => setCodes(null)}>
            {W.codes_saved}
          </button>
        </>
      ) : enrolment ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void newCodes("/api/admin/two-factor", "PUT", { code }, W.turned_on);
          }}
        >
          <p>{W.scan}</p>
          {/* The server drew the QR code: a data URL keeps its markup out of the page's own. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL: nothing for next/image to optimise */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={W.qr_alt}
            width={200}
            height={200}
          />
          <p>
            {W.secret_label}: <code data-testid="two-factor-secret">{enrolment.secret}</code>
          </p>
          <Field id="two-factor-code" label={W.code_label} hint={W.code_hint}>
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
            {W.confirm}
          </button>{" "}
          <button type="button" className={styles.button} onClick={() => setEnrolment(null)} disabled={busy}>
            {W.cancel}
          </button>
        </form>
      ) : (
        <p>
          {view.source ? W.on : W.off}{" "}
          {view.source ? (view.left === null ? W.left_unknown : W.left(view.left, view.total)) : null}
        </p>
      )}
      {codes || enrolment ? null : !recent ? (
        <p className={styles.info}>
          {W.reauth} <a href={REAUTH_HREF}>{W.reauth_link}</a>
        </p>
      ) : view.source ? (
        <p>
          <button
            type="button"
            className={styles.button}
            onClick={() => void newCodes("/api/admin/two-factor/recovery-codes", "POST", {}, W.regenerated)}
            disabled={busy}
          >
            {W.regenerate}
          </button>{" "}
          <button
            type="button"
            className={styles.buttonDanger}
            onClick={() => setTurningOff(true)}
            disabled={busy}
          >
            {W.turn_off}
          </button>
        </p>
      ) : (
        <button type="button" className={styles.buttonPrimary} onClick={() => void start()} disabled={busy}>
          {W.turn_on}
        </button>
      )}
      <ConfirmDialog
        open={turningOff}
        title={W.turn_off_title}
        confirmLabel={W.turn_off}
        busy={busy}
        onConfirm={() => void turnOff()}
        onCancel={() => setTurningOff(false)}
      >
        <p>{W.turn_off_body}</p>
      </ConfirmDialog>
    </>
  );
}
