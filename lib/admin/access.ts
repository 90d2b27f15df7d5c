import "server-only";
import { siteText } from "../config/text";
import { audit } from "./audit";
import { passkeyStore } from "./passkeys";
import { endSession, type AdminSession } from "./session";
import { standingInSession, type Standing } from "./standing";

/*
 * A session is worth something only while what opened it still stands: the passkey (not
 * removed), or the password (passkeys-only not turned on since); no "sign out everywhere"
 * since it began; and the workspace still counting its admin as one (lib/admin/standing.ts).
 * When any of these stops, or the workspace cannot say for too long, the session is ended on
 * every instance (the same revocation as a logout) and the admin is told why.
 */

export const NO_LONGER_ADMIN = "admin.access.noLongerAdmin";
/**
 * At sign-in, what the workspace says, as it is: nothing tells Masthead that the account was ever
 * an admin, so "no longer" would be untrue for a new entry whose role was never an admin one.
 */
export const NOT_ADMIN_AT_SIGN_IN = {
  not_member: "admin.access.notMember",
  inactive: "admin.access.inactive",
  role: "admin.access.notAdminRole",
} as const;
/** Why the workspace does not count an account as an admin (lib/admin/standing.ts). */
export type NotAdminReason = keyof typeof NOT_ADMIN_AT_SIGN_IN;
/** The refusal codes of a sign-in by an account the workspace does not count as an admin (`?error=` too). */
export const NOT_ADMIN_CODES = {
  not_member: "not_member",
  inactive: "inactive",
  role: "not_admin_role",
} as const satisfies Record<NotAdminReason, string>;

export const ADMIN_UNVERIFIED = "admin.access.unverified";

export const SIGNED_OUT = "admin.access.signedOut";

/** Why a session was ended: the reason a page or an API answer names. */
export type SessionEnded = { code: "not_admin" | "unverified" | "signed_out"; error: string };

function endedBecause(reason: EndReason): SessionEnded {
  const t = siteText();
  if (reason === "signed_out") return { code: "signed_out", error: t(SIGNED_OUT) };
  return reason === "unverified"
    ? { code: "unverified", error: t(ADMIN_UNVERIFIED) }
    : { code: "not_admin", error: t(NO_LONGER_ADMIN) };
}

/**
 * Whether the way `session` was opened still signs its admin in, and no "sign out everywhere"
 * came after it (lib/admin/passkeys/store.ts). A store that cannot answer leaves the session
 * standing, as it leaves the password on (lib/admin/login.ts): an outage must not sign
 * every admin out, and nothing can be removed or turned on while it lasts.
 */
async function openerStands(session: AdminSession): Promise<boolean> {
  const store = passkeyStore();
  try {
    const [signedOutAt, opener] = await Promise.all([
      store.signedOutAt(session.email),
      session.passkey
        ? store.get(session.passkey).then((p) => p?.email === session.email)
        : store.passkeysOnly(session.email).then((only) => !only),
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

/** Ends `session` everywhere because of what the workspace said (or could not say), or a sign-out; the reason to name. */
export async function endSessionBecause(session: AdminSession, reason: EndReason): Promise<SessionEnded> {
  await endSession(session);
  audit({
    actor: session.email,
    action: "session_ended",
    target: "admin",
    outcome: "refused",
    detail: reason,
  });
  return endedBecause(reason);
}
