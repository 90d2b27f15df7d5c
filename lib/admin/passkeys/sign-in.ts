import "server-only";
import type { Asker } from "../../http/client-key";
import { chargeFailure } from "../login-throttle";
import { isConfiguredAdmin } from "../session";
import { refusedAtSignIn } from "../standing";
import type { NotAdminReason } from "../access";
import { verifySignIn } from "./ceremony";
import { passkeyStore } from "./index";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

// A passkey's answer is verified first (others' failures never keep its holder out), then the account
// must be in ADMIN_USERS and counted by the workspace now; one signing nobody in costs a wrong password.

export type PasskeySignIn =
  | { outcome: "ok"; email: string; passkey: string }
  | { outcome: "unknown_passkey" }
  | { outcome: "passkey_invalid"; email: string }
  | { outcome: "not_configured"; email: string }
  | { outcome: "not_admin"; email: string; reason: NotAdminReason }
  | { outcome: "workspace_unreachable"; email: string }
  | { outcome: "passkeys_unavailable" }
  | { outcome: "passkey_rate_limited"; retryAfterSeconds: number };

export async function signInWithPasskey(
  response: AuthenticationResponseJSON,
  asker: Asker,
): Promise<PasskeySignIn> {
  const outcome = await checkPasskey(response);
  if (outcome.outcome !== "unknown_passkey" && outcome.outcome !== "passkey_invalid") return outcome;
  const wait = await chargeFailure(asker);
  return wait === null ? outcome : { outcome: "passkey_rate_limited", retryAfterSeconds: wait };
}

async function checkPasskey(response: AuthenticationResponseJSON): Promise<PasskeySignIn> {
  const store = passkeyStore();
  let passkey;
  try {
    passkey = await store.get(response.id);
  } catch {
    return { outcome: "passkeys_unavailable" };
  }
  if (!passkey) return { outcome: "unknown_passkey" };
  const { email } = passkey;
  const asserted = await verifySignIn(passkey, response);
  if (!asserted) return { outcome: "passkey_invalid", email };
  try {
    // Conditional: a sign-in racing this one with a later counter wins, and this one is refused.
    const recorded = await store.recordUse(passkey.id, { ...asserted, at: Date.now() });
    if (!recorded) return { outcome: "passkey_invalid", email };
  } catch {
    return { outcome: "passkeys_unavailable" };
  }
  if (!isConfiguredAdmin(email)) return { outcome: "not_configured", email };
  return (await refusedAtSignIn(email)) ?? { outcome: "ok", email, passkey: passkey.id };
}
