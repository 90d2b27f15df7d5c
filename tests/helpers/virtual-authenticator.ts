import type { BrowserContext, CDPSession, Page } from "@playwright/test";

/*
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain), as a platform
 * authenticator with a screen lock: it keeps discoverable credentials (passkeys), verifies the
 * user (as a PIN or fingerprint would) and answers every prompt at once, so a browser test signs
 * in with a passkey without anything typed. It belongs to `page`: navigations keep it.
 */

export type StoredCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  /** PKCS#8, base64: what WebAuthn.addCredential takes to make a copy. */
  privateKey: string;
  signCount: number;
};

export type VirtualAuthenticator = {
  cdp: CDPSession;
  id: string;
  credentials(): Promise<StoredCredential[]>;
};

export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as StoredCredential[],
  };
}
