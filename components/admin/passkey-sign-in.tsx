"use client";

import { useId, useState, useSyncExternalStore } from "react";
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

/** A prompt that gave no answer: closed, timed out or no passkey here (the browser hides which, on purpose). */
function passkeyProblem(problem: unknown, ceremony: "sign-in" | "enrol"): MessageKey {
  const code = problem instanceof WebAuthnError ? problem.code : undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "admin.passkey.alreadyHere";
  const name = problem instanceof Error ? problem.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return ceremony === "sign-in" ? "admin.passkey.notUsed" : "admin.passkey.notAdded";
  return ceremony === "sign-in" ? "admin.passkey.cannotSignIn" : "admin.passkey.cannotCreate";
}

/** A passkey ceremony (sign-in or enrolment): the server's options, the browser's prompt, the answer posted. */
export async function passkeyCeremony<T>(
  callApi: ReturnType<typeof useApi>,
  t: Translate,
  ceremony: "sign-in" | "enrol",
  body: Record<string, unknown> = {},
): Promise<ApiResult<T>> {
  const signIn = ceremony === "sign-in";
  const url = signIn ? "/api/admin/passkeys/sign-in" : "/api/admin/passkeys";
  const optionsUrl = signIn ? `${url}/options` : `${url}/enrolment`;
  const options = await callApi<{
    options: PublicKeyCredentialRequestOptionsJSON & PublicKeyCredentialCreationOptionsJSON;
  }>(optionsUrl, "POST", {}, { signIn });
  if (!options.ok) return options;
  let response;
  try {
    const optionsJSON = options.data.options;
    response = signIn ? await startAuthentication({ optionsJSON }) : await startRegistration({ optionsJSON });
  } catch (problem) {
    return { ok: false, error: t(passkeyProblem(problem, ceremony)) };
  }
  const res = await callApi<T>(url, "POST", { response, ...body }, { signIn });
  if (!res.ok && res.code === "unknown_passkey") {
    // Best effort: the device stops offering a passkey this site no longer knows.
    const rpID = options.data.options.rpId ?? window.location.hostname;
    void sendSignal({ signalName: "unknownCredential", rpID, credentialID: response.id }).catch(() => {});
  }
  return res;
}

const noSubscription = () => () => {};
/** Whether this browser can use passkeys: null in the server's HTML, which cannot know. */
export const useWebAuthnSupport = () =>
  useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => null);

/** "Sign in with a passkey": a discoverable credential, so no email is typed; no dead button without WebAuthn. */
export function PasskeySignIn({ next }: { next: string }) {
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const errorId = useId();
  const { t } = useAdminText();
  const callApi = useApi();

  async function signIn() {
    setBusy(true);
    setError("");
    const res = await passkeyCeremony<{ redirectTo?: string }>(callApi, t, "sign-in", { next });
    // A full navigation, so every server component renders with the new cookie.
    if (res.ok && res.data.redirectTo) return window.location.assign(res.data.redirectTo);
    setBusy(false);
    setError(res.ok ? t("admin.passkey.unfinished") : res.error);
  }

  return (
    <section className={styles.passkeySignIn} aria-label={t("admin.passkey.label")}>
      <p className={styles.divider}>
        <span>{t("admin.passkey.or")}</span>
      </p>
      {/* Not <noscript> (a browser with scripts off may parse it as on): until hydration it is true. */}
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
