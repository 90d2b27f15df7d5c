import "server-only";
import { env } from "../config/env";
import { siteText } from "../config/text";
import type { TeamMember } from "../workspace";
import { audit, type AuditEntry } from "./audit";
import type { AdminErrorContext } from "./errors";
import { errorResponse, failure, jsonResponse } from "./http";
import { getMember } from "./members";
import { forgetStanding } from "./standing";

// An admin cannot change their own access through Masthead, either way: not lock themself out
// (deactivate, remove, or change the email ADMIN_USERS names them by), nor raise or restore it
// (reactivate, change their own role, invite their own email), so one the workspace removed or
// demoted cannot undo it from a session that has not noticed yet. Another admin still can.

export const OWN_ACCOUNT_CODE = "own_account";
type Entry = Omit<AuditEntry, "outcome" | "detail">;
/** A change that may touch access: one of the named ones, or an update's new role and email. */
type Change = "remove" | "deactivate" | "reactivate" | "invite" | { role?: string; email?: string };

const isOwnMember = (actor: string, member: { email: string }) =>
  member.email.toLowerCase() === actor.toLowerCase();

/** The refusal (plain words) when `change` to `target` would change `actor`'s own access, else null. */
export function ownAccountRefusal(actor: string, target: TeamMember | { email: string }, change: Change) {
  if (!isOwnMember(actor, target)) return null;
  const t = siteText();
  if (typeof change === "string") return t(`admin.own.${change}`);
  const { roles } = env().adminAccess;
  // A role sent unchanged (a whole form saved) is not a change of access.
  if (change.role !== undefined && "role" in target && change.role !== target.role)
    return roles.includes(change.role)
      ? t("admin.own.role")
      : t("admin.own.demote", { role: change.role, roles: roles.join(", ") });
  if (change.email !== undefined && !isOwnMember(change.email, target)) return t("admin.own.email");
  return null;
}

function refused(entry: Entry, message: string): Response {
  audit({ ...entry, outcome: "refused", detail: OWN_ACCOUNT_CODE });
  return errorResponse(403, message, { code: OWN_ACCOUNT_CODE });
}

/** 403 when `emails` (an invite) include the acting admin's own; else null. */
export function ownInviteRefusal(entry: Entry, emails: string[]): Response | null {
  const refusal = emails.map((email) => ownAccountRefusal(entry.actor, { email }, "invite")).find(Boolean);
  return refusal ? refused(entry, refusal) : null;
}

/**
 * A write to member `id`, answered and audited. When `change` may touch access, the member is read
 * first (403 for the acting admin's own) and whoever it touched is asked about afresh afterwards.
 */
export async function writeMember(
  entry: Entry,
  id: string,
  change: Change | null,
  write: () => Promise<object>,
  { detail, ctx }: { detail?: string; ctx?: AdminErrorContext } = {},
): Promise<Response> {
  try {
    const before = change === null ? null : await getMember(id);
    const refusal = before && ownAccountRefusal(entry.actor, before, change!);
    if (refusal) return refused(entry, refusal);
    try {
      const body = await write();
      audit({ ...entry, outcome: "ok", ...(detail ? { detail } : {}) });
      return jsonResponse(body);
    } finally {
      if (before)
        await forgetStanding([before.email, typeof change === "object" ? change?.email : undefined]);
    }
  } catch (error) {
    return failure(error, entry, ctx);
  }
}
