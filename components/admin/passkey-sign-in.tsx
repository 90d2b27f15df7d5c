"use client";

import { useEffect, useId, useState } from "react";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useApi } from "./api";
import { passkeyCeremony } from "./passkey-ceremony";
import { AlertRegion, Button } from "./ui";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/**
 * "Sign in with a passkey" on the login page: a discoverable credential, so no email is typed.
 * Without JavaScript the page says passkeys need it (the server renders that note; the script
 * replaces it); in a browser with no WebAuthn it says that instead of offering a dead button.
 */
export function PasskeySignIn({ next }: { next: string }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const errorId = useId();
  const { t } = useAdminText();
  const callApi = useApi();

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSupported(browserSupportsWebAuthn());
  }, []);

  async function signIn() {
    setBusy(true);
    setError("");
    const res = await passkeyCeremony<{ redirectTo?: string }>(
      callApi,
      t,
      "sign-in",
      "/api/admin/passkeys/sign-in",
      { next },
    );
    if (res.ok && res.data.redirectTo) {
      // A full navigation, so every server component renders with the new cookie.
      window.location.assign(res.data.redirectTo);
      return;
    }
    setBusy(false);
    setError(res.ok ? t("admin.passkey.unfinished") : res.error);
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
          <AlertRegion id={errorId} error={error} />
          <Button onClick={signIn} disabled={busy} aria-describedby={error ? errorId : undefined}>
            {busy ? t("admin.passkey.waiting") : t("admin.passkey.signIn")}
          </Button>
        </>
      ) : null}
    </section>
  );
}
