import "server-only";
import type { Asker } from "../../http/client-key";
import { chargeFailure } from "../login-throttle";
import { isConfiguredAdmin } from "../session";
import { standingAtSignIn } from "../standing";
import type { NotAdminReason } from "../access";
import { verifySignIn } from "./ceremony";
import { passkeyStore } from "./index";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/*
 * Signing in with a passkey: the same access rules as a password, and nothing else of the
 * password's path. The passkey must be one this site holds and its answer must verify
 * (lib/admin/passkeys/ceremony.ts); then, as for a password, the account must be in ADMIN_USERS
 * and the workspace must count it, now, as an active member with a role in ADMIN_ROLES
 * (lib/admin/standing.ts, fail closed). The answer is checked first, so a lockout others caused
 * never keeps a passkey's holder out; an answer that signs nobody in is charged to the client's
 * and holder's failure budgets like a wrong password (lib/admin/login-throttle.ts), and past them
 * the failures are refused.
 */

export type PasskeySignIn =
  | { outcome: "ok"; email: string; passkey: string }
  /** No passkey with this id here (never enrolled, or removed). */
  | { outcome: "unknown_passkey" }
  /** The answer did not verify: challenge, origin, user verification, signature or counter. */
  | { outcome: "invalid"; email: string }
  /** A passkey of an account no longer in ADMIN_USERS. */
  | { outcome: "not_configured"; email: string }
  | { outcome: "not_admin"; email: string; reason: NotAdminReason }
  | { outcome: "workspace_unreachable"; email: string }
  /** The passkey store could not be read or written. */
  | { outcome: "unavailable" }
  /** Failed answers from this client or holder have spent their budget. */
  | { outcome: "rate_limited"; retryAfterSeconds: number };

export async function signInWithPasskey(
  response: AuthenticationResponseJSON,
  asker: Asker,
): Promise<PasskeySignIn> {
  const outcome = await checkPasskey(response);
  if (outcome.outcome !== "unknown_passkey" && outcome.outcome !== "invalid") return outcome;
  const wait = await chargeFailure(asker);
  return wait === null ? outcome : { outcome: "rate_limited", retryAfterSeconds: wait };
}

async function checkPasskey(response: AuthenticationResponseJSON): Promise<PasskeySignIn> {
  const store = passkeyStore();
  let passkey;
  try {
    passkey = await store.get(response.id);
  } catch {
    return { outcome: "unavailable" };
  }
  if (!passkey) return { outcome: "unknown_passkey" };
  const { email } = passkey;
  const asserted = await verifySignIn(passkey, response);
  if (!asserted) return { outcome: "invalid", email };
  try {
    // Conditional: a sign-in racing this one with a later counter wins, and this one is refused.
    const recorded = await store.recordUse(passkey.id, { ...asserted, at: Date.now() });
    if (!recorded) return { outcome: "invalid", email };
  } catch {
    return { outcome: "unavailable" };
  }
  if (!isConfiguredAdmin(email)) return { outcome: "not_configured", email };
  const standing = await standingAtSignIn(email);
  if (!standing.ok)
    return standing.reason === "unverified"
      ? { outcome: "workspace_unreachable", email }
      : { outcome: "not_admin", email, reason: standing.reason };
  return { outcome: "ok", email, passkey: passkey.id };
}
