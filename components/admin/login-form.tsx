"use client";

import { useId, useRef, useState } from "react";
import { callApi } from "./api";
import { Field } from "./field";
import styles from "./admin.module.css";

/**
 * Posts to /api/admin/login. With JavaScript the answer is shown in place and the fields
 * stay filled; without it the form posts and the server redirects back with ?error=.
 */
export function LoginForm({
  next,
  initialError,
  notice,
}: {
  next: string;
  initialError?: string;
  notice?: string;
}) {
  const [error, setError] = useState(initialError ?? "");
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError("");
    const res = await callApi<{ redirectTo: string }>("/api/admin/login", "POST", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      next,
    });
    if (res.ok) {
      // A full navigation, so every server component renders with the new cookie.
      window.location.assign(res.data.redirectTo);
      return;
    }
    setBusy(false);
    setError(res.status === 401 ? "Invalid email or password" : res.error);
    passwordRef.current?.select();
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
      <div id={errorId} role="alert" aria-live="assertive">
        {error ? <p className={styles.alert}>{error}</p> : null}
      </div>
      <input type="hidden" name="next" value={next} />
      <Field id="login-email" label="Email">
        {(control) => (
          <input
            {...control}
            className={styles.input}
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
          />
        )}
      </Field>
      <Field id="login-password" label="Password">
        {(control) => (
          <input
            {...control}
            ref={passwordRef}
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        )}
      </Field>
      <button className={styles.buttonPrimary} type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
