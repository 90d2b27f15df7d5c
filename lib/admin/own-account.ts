import "server-only";
import { env } from "../config/env";
import { siteText } from "../config/text";
import { errorResponse } from "../http/json-response";
import type { TeamMember } from "../workspace";
import { audit, type AuditEntry } from "./audit";
import { getMember } from "./members";

/*
 * An admin cannot change their own access through Masthead, either way:
 *  - not lock themself out: their own member cannot be deactivated, removed, or given another
 *    email (ADMIN_USERS names them by it); access follows the workspace
 *    (lib/admin/standing.ts), so any of these would end their session on the next request;
 *  - not raise or restore it: they cannot reactivate themself, change their own role (even to
 *    another role in ADMIN_ROLES), or invite their own email. Who is an admin is the
 *    workspace's (and other admins') decision; an admin it removed, deactivated or demoted must
 *    not be able to undo that from a session that has not noticed yet.
 * Another admin can still do any of it, and so can the workspace itself.
 */

export type OwnAccountChange =
  | { kind: "remove" }
  | { kind: "deactivate" }
  | { kind: "reactivate" }
  | { kind: "update"; role?: string; email?: string };

export const OWN_ACCOUNT_CODE = "own_account";

/** Each refusal's words in the site's language (`role`: the role asked for). */
export const OWN_ACCOUNT = {
  remove: () => siteText()("admin.own.remove"),
  deactivate: () => siteText()("admin.own.deactivate"),
  reactivate: () => siteText()("admin.own.reactivate"),
  demote: (role: string) =>
    siteText()("admin.own.demote", { role, roles: env().adminAccess.roles.join(", ") }),
  role: () => siteText()("admin.own.role"),
  email: () => siteText()("admin.own.email"),
  invite: () => siteText()("admin.own.invite"),
} as const;

export function isOwnMember(actor: string, member: Pick<TeamMember, "email">): boolean {
  return member.email.toLowerCase() === actor.toLowerCase();
}

/** The refusal (plain words) when `change` to `target` would change `actor`'s own access, else null. */
export function ownAccountRefusal(
  actor: string,
  target: TeamMember,
  change: OwnAccountChange,
): string | null {
  if (!isOwnMember(actor, target)) return null;
  switch (change.kind) {
    case "remove":
      return OWN_ACCOUNT.remove();
    case "deactivate":
      return OWN_ACCOUNT.deactivate();
    case "reactivate":
      return OWN_ACCOUNT.reactivate();
    case "update":
      // A role sent unchanged (a whole form saved) is not a change of access.
      if (change.role !== undefined && change.role !== target.role)
        return env().adminAccess.roles.includes(change.role)
          ? OWN_ACCOUNT.role()
          : OWN_ACCOUNT.demote(change.role);
      if (change.email !== undefined && change.email.toLowerCase() !== target.email.toLowerCase())
        return OWN_ACCOUNT.email();
      return null;
  }
}

type Entry = Omit<AuditEntry, "outcome" | "detail">;

/** The 403 for a change to the acting admin's own access, audited as refused. */
function refused(entry: Entry, message: string): Response {
  audit({ ...entry, outcome: "refused", detail: OWN_ACCOUNT_CODE });
  return errorResponse(403, message, { code: OWN_ACCOUNT_CODE });
}

/** 403 when `emails` (an invite) include the acting admin's own; else null. */
export function ownInviteRefusal(entry: Entry, emails: string[]): Response | null {
  return emails.some((email) => isOwnMember(entry.actor, { email }))
    ? refused(entry, OWN_ACCOUNT.invite())
    : null;
}

/**
 * Reads the member `id` (a workspace error propagates, for the route's failure mapping) and
 * answers 403 when `change` would change the acting admin's own access; else the member as it was.
 */
export async function guardOwnAccount(
  entry: Entry,
  id: string,
  change: OwnAccountChange,
): Promise<{ ok: true; before: TeamMember } | { ok: false; response: Response }> {
  const before = await getMember(id);
  const refusal = ownAccountRefusal(entry.actor, before, change);
  return refusal ? { ok: false, response: refused(entry, refusal) } : { ok: true, before };
}
