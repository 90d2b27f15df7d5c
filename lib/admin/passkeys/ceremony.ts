import "server-only";
import { createHmac } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { env } from "../../config/env";
import { consumeChallenge, issueChallenge } from "./challenges";
import type { Passkey } from "./store";

// The WebAuthn ceremonies. Only SITE_URL's origin is accepted (a phishing page gets a refused
// signature); user verification is required, as the passkey is the whole sign-in.

const TIMEOUT_MS = 60_000;

function relyingParty() {
  const site = new URL(env().siteUrl);
  return { rpID: site.hostname, origin: site.origin, rpName: env().site.name ?? "Masthead" };
}

/** The user handle of an admin's passkeys: stable (an authenticator replaces its passkey instead of piling up copies), opaque. */
function handle(email: string): Uint8Array<ArrayBuffer> {
  const digest = createHmac("sha256", env().sessionSecret).update(`masthead-passkey-user\0${email}`).digest();
  return new Uint8Array(digest.subarray(0, 32));
}

export async function enrolmentOptions(
  email: string,
  existing: readonly Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty();
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: email,
    userID: handle(email),
    challenge: await issueChallenge({ purpose: "enrol", email }),
    timeout: TIMEOUT_MS,
    attestationType: "none",
    // The admin's own passkeys: the browser says this device already has one instead of adding another.
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** The new passkey, or null when the answer does not verify. */
export async function verifyEnrolment(
  email: string,
  response: RegistrationResponseJSON,
): Promise<Omit<Passkey, "name" | "createdAt" | "lastUsedAt"> | null> {
  const { rpID, origin } = relyingParty();
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(challenge, { purpose: "enrol", email }),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verified || !registrationInfo) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = registrationInfo;
    return {
      id: credential.id,
      email,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      userHandle: isoBase64URL.fromBuffer(handle(email)),
    };
  } catch {
    // The library throws for every malformed or mismatched answer: all of them are a refusal.
    return null;
  }
}

/** Options for a discoverable sign-in: no allow-list, so no email is asked for or revealed. */
export async function signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty();
  return generateAuthenticationOptions({
    rpID,
    challenge: await issueChallenge({ purpose: "sign-in" }),
    timeout: TIMEOUT_MS,
    userVerification: "required",
  });
}

/**
 * A sign-in answer against the stored `passkey` (user handle, challenge, origin, user verification,
 * signature, counter, and backup eligibility, fixed for a credential's life); null when anything fails.
 */
export async function verifySignIn(
  passkey: Passkey,
  response: AuthenticationResponseJSON,
): Promise<Pick<Passkey, "counter" | "backedUp"> | null> {
  const { rpID, origin } = relyingParty();
  const owner = passkey.userHandle || isoBase64URL.fromBuffer(handle(passkey.email));
  if (response.response.userHandle !== owner) return null;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(challenge, { purpose: "sign-in" }),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verified || authenticationInfo.credentialDeviceType !== passkey.deviceType) return null;
    return { counter: authenticationInfo.newCounter, backedUp: authenticationInfo.credentialBackedUp };
  } catch {
    return null;
  }
}
