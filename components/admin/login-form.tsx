"use client";

import { Fragment, useId, useRef, useState } from "react";
import { useApi } from "./api";
import { Rich } from "@/components/site/rich";
import { AlertRegion, Field, Button } from "./ui";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/** Email and password, then the code if asked; without JavaScript the login page shows the step (`codeFor`). */
export function LoginForm({
  next,
  initialError,
  notice,
  codeFor,
  issuer,
}: {
  next: string;
  initialError?: string;
  notice?: string;
  /** The email a second step is under way for: the page opens at the code. */
  codeFor?: string;
  /** The name the authenticator app shows the entry under (the site's: `npm run admin-totp`). */
  issuer: string;
}) {
  const { t } = useAdminText();
  const callApi = useApi();
  const [error, setError] = useState(initialError ?? "");
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<"password" | "code">(codeFor ? "code" : "password");
  const [email, setEmail] = useState(codeFor ?? "");
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const restartHref = `/admin/login?restart=1${next !== "/admin" ? `&next=${encodeURIComponent(next)}` : ""}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError("");
    const res = await callApi<{ redirectTo?: string; step?: "code" }>(
      "/api/admin/login",
      "POST",
      Object.fromEntries(form),
      { signIn: true },
    );
    // A full navigation, so every server component renders with the new cookie.
    if (res.ok && res.data.redirectTo) return window.location.assign(res.data.redirectTo);
    setBusy(false);
    if (res.ok && res.data.step === "code") {
      setEmail(String(form.get("email") ?? ""));
      return setStep("code");
    }
    if (!res.ok) {
      // Whatever went wrong at the code, the next attempt starts again from the password.
      if (step === "code") setStep("password");
      setError(res.error);
      if (step === "password") passwordRef.current?.select();
    }
  }

  return (
    <form
      method="post"
      action="/api/admin/login"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      {notice && !error ? (
        <p className={styles.success} role="status">
          {notice}
        </p>
      ) : null}
      <AlertRegion id={errorId} error={error} />
      <input type="hidden" name="next" value={next} />
      {/* Each step its own keyed subtree: otherwise React keeps the password's <input> for the
          code (same place, same type of element), still holding what was typed, in clear text. */}
      {step === "code" ? (
        <Fragment key="code">
          <p>
            <Rich text={t("admin.login.signingInAs")} slots={{ email: <strong>{email}</strong> }} />
          </p>
          <Field
            label={t("admin.login.code")}
            hint={t("admin.login.codeHint", { issuer })}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={40}
            required
            autoFocus
          />
          <Button look="buttonPrimary" type="submit" disabled={busy}>
            {busy ? t("admin.login.checking") : t("admin.login.verify")}
          </Button>
          <p className={styles.small}>
            {t("admin.login.wrongAccount")} <a href={restartHref}>{t("admin.login.startOver")}</a>
          </p>
        </Fragment>
      ) : (
        <Fragment key="password">
          <Field
            label={t("admin.field.email")}
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={email}
            required
            autoFocus
          />
          <Field
            label={t("admin.login.password")}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Button look="buttonPrimary" type="submit" disabled={busy}>
            {busy ? t("admin.login.signingIn") : t("admin.login.submit")}
          </Button>
        </Fragment>
      )}
    </form>
  );
}
