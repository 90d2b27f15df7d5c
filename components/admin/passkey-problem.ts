import { WebAuthnError } from "@simplewebauthn/browser";

/**
 * What to tell an admin when the browser's passkey prompt did not give an answer: they closed
 * it, it timed out, or this device has no passkey for the site (the browser does not say which
 * of those, on purpose).
 */
export function passkeyProblem(problem: unknown, ceremony: "sign-in" | "enrol"): string {
  const code = problem instanceof WebAuthnError ? problem.code : undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This device already holds one of your passkeys for this site.";
  const name = problem instanceof Error ? problem.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return ceremony === "sign-in"
      ? "No passkey was used: the prompt was closed or timed out, or this device has no passkey for this site. Try again, or sign in with your password."
      : "No passkey was added: the prompt was closed or timed out. Try again.";
  return ceremony === "sign-in"
    ? "This browser could not use a passkey here. Sign in with your password."
    : "This browser could not create a passkey here.";
}
