"use client";

import { useEffect, useId, useState } from "react";
import {
  browserSupportsWebAuthn,
  sendSignal,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { MessageKey } from "@/lib/i18n/catalogue";
import type { Translate } from "@/lib/i18n/translate";
import { useApi, type ApiResult } from "./api";
import { AlertRegion, Button } from "./ui";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

/**
 * What to tell an admin when the browser's passkey prompt did not give an answer: they closed
 * it, it timed out, or this device has no passkey for the site (the browser does not say which
 * of those, on purpose).
 */
function passkeyProblem(problem: unknown, ceremony: "sign-in" | "enrol"): MessageKey {
  const code = problem instanceof WebAuthnError ? problem.code : undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "admin.passkey.alreadyHere";
  const name = problem instanceof Error ? problem.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return ceremony === "sign-in" ? "admin.passkey.notUsed" : "admin.passkey.notAdded";
  return ceremony === "sign-in" ? "admin.passkey.cannotSignIn" : "admin.passkey.cannotCreate";
}

/**
 * A whole passkey ceremony, signing in or adding one: the server's options, the browser's
 * prompt, and the answer posted (with `body`) to `url`, each failure worded for the admin.
 */
export async function passkeyCeremony<T>(
  callApi: ReturnType<typeof useApi>,
  t: Translate,
  ceremony: "sign-in" | "enrol",
  url: string,
  body: Record<string, unknown> = {},
): Promise<ApiResult<T>> {
  const signIn = ceremony === "sign-in";
  const optionsUrl = signIn ? `${url}/options` : "/api/admin/passkeys/enrolment";
  const options = await callApi<{
    options: PublicKeyCredentialRequestOptionsJSON & PublicKeyCredentialCreationOptionsJSON;
  }>(optionsUrl, "POST", {}, { signIn });
  if (!options.ok) return options;
  let response;
  try {
    const optionsJSON = options.data.options;
    response = signIn ? await startAuthentication({ optionsJSON }) : await startRegistration({ optionsJSON });
  } catch (problem) {
    return { ok: false, status: 0, error: t(passkeyProblem(problem, ceremony)) };
  }
  const res = await callApi<T>(url, "POST", { response, ...body }, { signIn });
  if (!res.ok && res.code === "unknown_passkey") {
    // Asks the device, where the browser supports it, to stop offering a passkey this site no
    // longer knows (best effort: nothing waits on it).
    const rpID = options.data.options.rpId ?? window.location.hostname;
    void sendSignal({ signalName: "unknownCredential", rpID, credentialID: response.id }).catch(() => {});
  }
  return res;
}

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
      ) : supported === false ? (
        <p className={`${styles.muted} ${styles.small}`}>{t("admin.passkey.unsupported")}</p>
      ) : (
        <>
          <AlertRegion id={errorId} error={error} />
          <Button onClick={signIn} disabled={busy} aria-describedby={error ? errorId : undefined}>
            {busy ? t("admin.passkey.waiting") : t("admin.passkey.signIn")}
          </Button>
        </>
      )}
    </section>
  );
}
