import "server-only";
import { audit } from "./audit";
import { endSession, type AdminSession } from "./session";
import { standingInSession, type Standing } from "./standing";

/*
 * A session is worth something only while the workspace still counts its admin as one
 * (lib/admin/standing.ts). When it stops, or cannot say for too long, the session is ended on
 * every instance (the same revocation as a logout) and the admin is told why.
 */

export const NO_LONGER_ADMIN =
  "Your workspace account is no longer an active admin, so you have been signed out. If this is a mistake, ask a workspace admin to reactivate you or give you back an admin role.";
/**
 * At sign-in, what the workspace says, as it is: nothing tells Masthead that the account was ever
 * an admin, so "no longer" would be untrue for a new entry whose role was never an admin one.
 */
export const NOT_ADMIN_AT_SIGN_IN = {
  not_member:
    "Your email is not a member of the workspace, so it cannot sign in here. Ask a workspace admin to add you to the team.",
  inactive:
    "Your workspace account is deactivated, so it cannot sign in here. Ask a workspace admin to reactivate you.",
  role: "Your workspace account is not an admin in the workspace: its role there is not one that may use this admin (ADMIN_ROLES). Ask a workspace admin to give you an admin role.",
} as const;
/** Why the workspace does not count an account as an admin (lib/admin/standing.ts). */
export type NotAdminReason = keyof typeof NOT_ADMIN_AT_SIGN_IN;
/** The refusal codes of a sign-in by an account the workspace does not count as an admin (`?error=` too). */
export const NOT_ADMIN_CODES = {
  not_member: "not_member",
  inactive: "inactive",
  role: "not_admin_role",
} as const satisfies Record<NotAdminReason, string>;

export const ADMIN_UNVERIFIED =
  "Masthead could not confirm with the workspace that you are still an active admin, so you have been signed out. Sign in again once the workspace is reachable.";

/** Why a session was ended: the reason a page or an API answer names. */
export type SessionEnded = { code: "not_admin" | "unverified"; error: string };

export function endedBecause(standing: Exclude<Standing, { ok: true }>): SessionEnded {
  return standing.reason === "unverified"
    ? { code: "unverified", error: ADMIN_UNVERIFIED }
    : { code: "not_admin", error: NO_LONGER_ADMIN };
}

/** null while `session`'s admin is still an admin in the workspace; else the session is ended and the reason returned. */
export async function sessionEndedByWorkspace(session: AdminSession): Promise<SessionEnded | null> {
  const standing = await standingInSession(session.email);
  return standing.ok ? null : endSessionBecause(session, standing);
}

/** Ends `session` everywhere because of what the workspace said (or could not say); the reason to name. */
export async function endSessionBecause(
  session: AdminSession,
  standing: Exclude<Standing, { ok: true }>,
): Promise<SessionEnded> {
  await endSession(session);
  audit({
    actor: session.email,
    action: "session_ended",
    target: "admin",
    outcome: "refused",
    detail: standing.reason,
  });
  return endedBecause(standing);
}
