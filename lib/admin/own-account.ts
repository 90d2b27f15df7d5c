import "server-only";
import { env } from "../config/env";
import { errorResponse } from "../http/json-response";
import type { TeamMember } from "../workspace";
import { audit, type AuditEntry } from "./audit";
import { getMember } from "./members";

/*
 * An admin cannot lock themself out through Masthead: their own member cannot be deactivated,
 * removed, given a role outside ADMIN_ROLES, or given another email (ADMIN_USERS names them by
 * it). Access follows the workspace (lib/admin/standing.ts), so any of these would end their
 * session on the next request. Another admin can still do it, and so can the workspace itself.
 */

export type OwnAccountChange =
  | { kind: "remove" }
  | { kind: "deactivate" }
  /** Never refused: it is here so every member write reads the member the same way. */
  | { kind: "reactivate" }
  | { kind: "update"; role?: string; email?: string };

export const OWN_ACCOUNT_CODE = "own_account";

export const OWN_ACCOUNT = {
  remove:
    "You cannot remove yourself: you would lose access to this admin at once. Ask another admin to do it.",
  deactivate:
    "You cannot deactivate yourself: you would lose access to this admin at once. Ask another admin to do it.",
  demote: (role: string) =>
    `You cannot change your own role to “${role}”: only ${env().adminAccess.roles.join(", ")} may use this admin, so you would lose access at once. Ask another admin to do it.`,
  email:
    "You cannot change your own email address here: your sign-in (ADMIN_USERS) is tied to it. Ask another admin, and update ADMIN_USERS at the same time.",
} as const;

export function isOwnMember(actor: string, member: Pick<TeamMember, "email">): boolean {
  return member.email.toLowerCase() === actor.toLowerCase();
}

/** The refusal (plain words) when `change` to `target` would lock `actor` out, else null. */
export function ownAccountRefusal(
  actor: string,
  target: TeamMember,
  change: OwnAccountChange,
): string | null {
  if (!isOwnMember(actor, target)) return null;
  switch (change.kind) {
    case "remove":
      return OWN_ACCOUNT.remove;
    case "deactivate":
      return OWN_ACCOUNT.deactivate;
    case "reactivate":
      return null;
    case "update":
      if (change.role !== undefined && !env().adminAccess.roles.includes(change.role))
        return OWN_ACCOUNT.demote(change.role);
      if (change.email !== undefined && change.email.toLowerCase() !== target.email.toLowerCase())
        return OWN_ACCOUNT.email;
      return null;
  }
}

/**
 * Reads the member `id` (a workspace error propagates, for the route's failure mapping) and
 * answers 403 when `change` would lock the acting admin out; else the member as it was.
 */
export async function guardOwnAccount(
  entry: Omit<AuditEntry, "outcome" | "detail">,
  id: string,
  change: OwnAccountChange,
): Promise<{ ok: true; before: TeamMember } | { ok: false; response: Response }> {
  const before = await getMember(id);
  const refusal = ownAccountRefusal(entry.actor, before, change);
  if (!refusal) return { ok: true, before };
  audit({ ...entry, outcome: "refused", detail: OWN_ACCOUNT_CODE });
  return { ok: false, response: errorResponse(403, refusal, { code: OWN_ACCOUNT_CODE }) };
}
