"use client";

import { useState } from "react";
import type { TwoFactorView } from "@/lib/admin/two-factor";
import { ConfirmButton } from "./confirm-dialog";
import { Field, InlineStatus, ReauthNote, Button } from "./ui";
import { useApiAction } from "./api";
import { useAdminText } from "./words";
import styles from "./admin.module.css";

type Enrolment = { secret: string; qrSvg: string };

/** The account's two-factor: on (confirmed with a code), recovery codes shown once, new ones, off. */
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
  const [view, setView] = useState(initial);
  const [recent, setRecent] = useState(recentSignIn);
  const action = useApiAction((failure) => failure.code === "reauth_required" && setRecent(false));
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy } = action;

  const start = () => action.run((api) => api<Enrolment>("/api/admin/two-factor", "POST", {}), setEnrolment);

  /** Confirming the enrolment and regenerating both answer fresh recovery codes, shown this once. */
  const newCodes = (url: string, method: "POST" | "PUT", body: unknown, done: string) =>
    action.run(
      (api) => api<{ recoveryCodes: string[] }>(url, method, body),
      ({ recoveryCodes }) => {
        setEnrolment(null);
        setCode("");
        setCodes(recoveryCodes);
        setView({ source: "account", left: recoveryCodes.length, total: recoveryCodes.length });
        return done;
      },
    );

  const turnOff = () =>
    action.run(
      (api) => api<{ on: false }>("/api/admin/two-factor", "DELETE"),
      () => {
        setCodes(null);
        setView({ source: null, left: 0, total: 0 });
        return t("admin.twoFactor.turnedOff");
      },
    );

  if (view.source === "operator")
    return <p className={styles.info}>{t("admin.twoFactor.managedByOperator")}</p>;
  return (
    <>
      <InlineStatus status={action.status} />
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
          <Button onClick={() => setCodes(null)}>{t("admin.twoFactor.codesSaved")}</Button>
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
            label={t("admin.twoFactor.codeLabel")}
            hint={t("admin.twoFactor.codeHint")}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            maxLength={40}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" look="buttonPrimary" disabled={busy}>
            {t("admin.twoFactor.confirm")}
          </Button>{" "}
          <Button onClick={() => setEnrolment(null)} disabled={busy}>
            {t("admin.confirm.cancel")}
          </Button>
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
        <ReauthNote of="twoFactor" minutes={recentMinutes} />
      ) : view.source ? (
        <div>
          <Button
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
          </Button>{" "}
          <ConfirmButton
            label={t("admin.twoFactor.turnOff")}
            title={t("admin.twoFactor.turnOffTitle")}
            confirmLabel={t("admin.twoFactor.turnOff")}
            busy={busy}
            onConfirm={turnOff}
          >
            <p>{t("admin.twoFactor.turnOffBody")}</p>
          </ConfirmButton>
        </div>
      ) : (
        <Button look="buttonPrimary" onClick={() => void start()} disabled={busy}>
          {t("admin.twoFactor.turnOn")}
        </Button>
      )}
    </>
  );
}
