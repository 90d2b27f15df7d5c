"use client";

import { useEffect, useId, useState } from "react";
import { browserSupportsWebAuthn, sendSignal, startAuthentication } from "@simplewebauthn/browser";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useApi } from "./api";
import { passkeyProblem } from "./passkey-problem";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/**
 * "Sign in with a passkey" on the login page: a discoverable credential, so no email is typed;
 * the browser asks the admin to pick a passkey and verify on their device. Without JavaScript
 * the page says passkeys need it (the server renders that note; the script replaces it) and the
 * password form above works as before; in a browser with no WebAuthn it says that instead of
 * offering a button that cannot work.
 */
export function PasskeySignIn({ next }: { next: string }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const errorId = useId();
  const { t } = useAdminText();
  const callApi = useApi();

  useEffect(() => {
    // Known only in the browser: the server renders nothing here but the no-JavaScript note.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSupported(browserSupportsWebAuthn());
  }, []);

  async function signIn() {
    setBusy(true);
    setError("");
    const options = await callApi<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      "/api/admin/passkeys/sign-in/options",
      "POST",
      {},
      { signIn: true },
    );
    if (!options.ok) {
      setBusy(false);
      setError(options.error);
      return;
    }
    let response;
    try {
      response = await startAuthentication({ optionsJSON: options.data.options });
    } catch (problem) {
      setBusy(false);
      setError(t(passkeyProblem(problem, "sign-in")));
      return;
    }
    const res = await callApi<{ redirectTo?: string }>(
      "/api/admin/passkeys/sign-in",
      "POST",
      { response, next },
      { signIn: true },
    );
    if (res.ok && res.data.redirectTo) {
      // A full navigation, so every server component renders with the new cookie.
      window.location.assign(res.data.redirectTo);
      return;
    }
    setBusy(false);
    setError(res.ok ? t("admin.passkey.unfinished") : res.error);
    if (!res.ok && res.code === "unknown_passkey") {
      // Asks the device, where the browser supports it, to stop offering a passkey this site no
      // longer knows (best effort: nothing waits on it).
      const rpID = options.data.options.rpId ?? window.location.hostname;
      void sendSignal({ signalName: "unknownCredential", rpID, credentialID: response.id }).catch(() => {});
    }
  }

  return (
    <section className={styles.passkeySignIn} aria-label={t("admin.passkey.label")}>
      <p className={styles.divider}>
        <span>{t("admin.passkey.or")}</span>
      </p>
      {/* Not <noscript>: a browser with scripting switched off may still parse it as enabled. Until
          the script runs, the button could not work anyway, so the note is true until then. */}
      {supported === null ? (
        <p className={`${styles.info} ${styles.small}`}>{t("admin.passkey.needsJavaScript")}</p>
      ) : null}
      {supported === false ? (
        <p className={`${styles.muted} ${styles.small}`}>{t("admin.passkey.unsupported")}</p>
      ) : null}
      {supported ? (
        <>
          <div id={errorId} role="alert" aria-live="assertive">
            {error ? <p className={styles.alert}>{error}</p> : null}
          </div>
          <button
            type="button"
            className={styles.button}
            onClick={signIn}
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
          >
            {busy ? t("admin.passkey.waiting") : t("admin.passkey.signIn")}
          </button>
        </>
      ) : null}
    </section>
  );
}
