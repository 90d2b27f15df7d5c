import "server-only";
import { siteText } from "../config/text";
import { audit } from "./audit";
import { passkeyStore } from "./passkeys";
import { endSession, type AdminSession } from "./session";
import { standingInSession, type Standing } from "./standing";

// A session stands only while what opened it does (the passkey not removed, or the password with
// passkeys-only not turned on since), no later "sign out everywhere", and the workspace's word.

/** A sign-in the workspace does not count as an admin's: its refusal code (and `?error=`), and its words. */
export const NOT_ADMIN_AT_SIGN_IN = {
  // Not "no longer": nothing tells that the account was ever an admin.
  not_member: ["not_member", "admin.access.notMember"],
  inactive: ["inactive", "admin.access.inactive"],
  role: ["not_admin_role", "admin.access.notAdminRole"],
} as const;
export type NotAdminReason = keyof typeof NOT_ADMIN_AT_SIGN_IN;

/** Why a session was ended, as a page's `?error=` or an API answer's `code`, and its words. */
export const SESSION_ENDED = {
  not_admin: "admin.access.noLongerAdmin",
  unverified: "admin.access.unverified",
  signed_out: "admin.access.signedOut",
} as const;
export type SessionEnded = { code: keyof typeof SESSION_ENDED; error: string };

// A store that cannot answer leaves the session standing: an outage must not sign every admin out, and nothing changes while it lasts.
async function openerStands(session: AdminSession): Promise<boolean> {
  const store = passkeyStore();
  try {
    const [signedOutAt, opener] = await Promise.all([
      store.signedOutAt(session.email),
      session.passkey
        ? store.get(session.passkey).then((p) => p?.email === session.email)
        : store.signInState(session.email).then((state) => !state.passkeysOnly),
    ]);
    return opener && session.issuedAt > signedOutAt;
  } catch {
    return true;
  }
}

/** null while `session` still stands (above); else the session is ended and the reason returned. */
export async function sessionEnded(session: AdminSession): Promise<SessionEnded | null> {
  if (!(await openerStands(session))) return endSessionBecause(session, "signed_out");
  const standing = await standingInSession(session.email);
  return standing.ok ? null : endSessionBecause(session, standing.reason);
}

type EndReason = Exclude<Standing, { ok: true }>["reason"] | "signed_out";

/** Ends `session` everywhere, audited; the reason to name. */
export async function endSessionBecause(session: AdminSession, reason: EndReason): Promise<SessionEnded> {
  await endSession(session);
  audit({
    actor: session.email,
    action: "session_ended",
    target: "admin",
    outcome: "refused",
    detail: reason,
  });
  const code = reason === "signed_out" || reason === "unverified" ? reason : "not_admin";
  return { code, error: siteText()(SESSION_ENDED[code]) };
}
