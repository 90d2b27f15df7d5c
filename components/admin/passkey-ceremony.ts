import { sendSignal, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { MessageKey } from "@/lib/i18n/catalogue";
import type { Translate } from "@/lib/i18n/translate";
import type { ApiResult, useApi } from "./api";

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
