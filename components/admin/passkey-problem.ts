import { WebAuthnError } from "@simplewebauthn/browser";
import type { MessageKey } from "@/lib/i18n/catalogue";

/**
 * What to tell an admin when the browser's passkey prompt did not give an answer: they closed
 * it, it timed out, or this device has no passkey for the site (the browser does not say which
 * of those, on purpose). The phrase's key, for the caller's translator.
 */
export function passkeyProblem(problem: unknown, ceremony: "sign-in" | "enrol"): MessageKey {
  const code = problem instanceof WebAuthnError ? problem.code : undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "admin.passkey.alreadyHere";
  const name = problem instanceof Error ? problem.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return ceremony === "sign-in" ? "admin.passkey.notUsed" : "admin.passkey.notAdded";
  return ceremony === "sign-in" ? "admin.passkey.cannotSignIn" : "admin.passkey.cannotCreate";
}
