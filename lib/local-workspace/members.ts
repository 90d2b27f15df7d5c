import { randomUUID } from "node:crypto";
import { HttpError, absoluteUrl } from "./http";
import { createToken, recordEmail } from "./outbox";
import { blogName, transaction, type Db } from "./store";
import { isValidEmail, isValidTimeZone, normalizeEmail } from "./validation";

/** Team-member rules shared by v1 and v2 (README.md here, API decisions 2, 4, 5, 6). */

export const LAST_ADMIN_ERROR = "Cannot remove the last admin of the workspace";
export const MEMBER_NOT_FOUND = "Team member not found";
export const ADMIN_ROLE = "Admin";
export const DEFAULT_ROLE = "Standard";

export type TeamMember = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string;
  profile_image_url: string | null;
  active: boolean;
  organization_role: string;
};

/** SQLite has no boolean: `active` is stored as 0/1. */
type MemberRow = Omit<TeamMember, "active"> & { active: number };

const COLUMNS = "id, email, first_name, last_name, time_zone, profile_image_url, active, organization_role";

function toMember(row: MemberRow, origin: string): TeamMember {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    time_zone: row.time_zone,
    profile_image_url: row.profile_image_url === null ? null : absoluteUrl(origin, row.profile_image_url),
    active: row.active === 1,
    organization_role: row.organization_role,
  };
}

export function listMembers(db: Db, workspaceId: string, page: number, pageSize: number, origin: string) {
  const total = (
    db.prepare("SELECT COUNT(*) AS c FROM members WHERE workspace_id = ?").get(workspaceId) as { c: number }
  ).c;
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM members WHERE workspace_id = ? ORDER BY seq LIMIT ? OFFSET ?`)
    .all(workspaceId, pageSize, (page - 1) * pageSize) as MemberRow[];
  return {
    team_members: rows.map((r) => toMember(r, origin)),
    pagination: {
      total_records: total,
      total_pages: Math.ceil(total / pageSize),
      current_page: page,
      page_size: pageSize,
    },
  };
}

function findRow(db: Db, workspaceId: string, id: string): MemberRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS} FROM members WHERE workspace_id = ? AND id = ?`)
    .get(workspaceId, id.toLowerCase()) as MemberRow | undefined;
}

export function getMember(db: Db, workspaceId: string, id: string, origin: string): TeamMember {
  const row = findRow(db, workspaceId, id);
  if (!row) throw new HttpError(404, MEMBER_NOT_FOUND);
  return toMember(row, origin);
}

function activeAdminIds(db: Db, workspaceId: string): Set<string> {
  const rows = db
    .prepare("SELECT id FROM members WHERE workspace_id = ? AND active = 1 AND organization_role = ?")
    .all(workspaceId, ADMIN_ROLE) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

function roleNames(db: Db, workspaceId: string): string[] {
  return (
    db.prepare("SELECT name FROM roles WHERE workspace_id = ? ORDER BY name").all(workspaceId) as {
      name: string;
    }[]
  ).map((r) => r.name);
}

function assertRole(db: Db, workspaceId: string, role: unknown): string {
  const roles = roleNames(db, workspaceId);
  if (typeof role !== "string" || !roles.includes(role)) {
    throw new HttpError(
      422,
      `Invalid organization_role ${JSON.stringify(role)}: must be one of ${roles.join(", ")} (case sensitive)`,
    );
  }
  return role;
}

/** `emails` must be a non-empty array of valid addresses; returns them normalized and de-duplicated. */
export function parseEmailList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(422, "emails is required and must be a non-empty array of email addresses");
  }
  const out: string[] = [];
  for (const item of value) {
    const email = typeof item === "string" ? normalizeEmail(item) : item;
    if (!isValidEmail(email)) throw new HttpError(422, `Invalid email address: ${JSON.stringify(item)}`);
    if (!out.includes(email)) out.push(email);
  }
  return out;
}

export type AddMembersInput = {
  body: Record<string, unknown>;
  /** v2 only: v1 has no `send_invitation_email` and always invites. */
  allowSendInvitationFlag: boolean;
};

export function addMembers(
  db: Db,
  workspaceId: string,
  { body, allowSendInvitationFlag }: AddMembersInput,
  origin: string,
  now: Date,
): { message: string } {
  const emails = parseEmailList(body.emails);
  const role =
    body.organization_role == null ? DEFAULT_ROLE : assertRole(db, workspaceId, body.organization_role);

  let sendInvitations = true;
  if (allowSendInvitationFlag && body.send_invitation_email !== undefined) {
    if (body.send_invitation_email === "false") sendInvitations = false;
    else if (body.send_invitation_email !== "true") {
      throw new HttpError(422, 'send_invitation_email must be the string "true" or "false"');
    }
  }

  const admins = db
    .prepare(
      "SELECT email, first_name, last_name FROM members WHERE workspace_id = ? AND active = 1 AND organization_role = ? ORDER BY seq DESC",
    )
    .all(workspaceId, ADMIN_ROLE) as { email: string; first_name: string; last_name: string }[];
  let inviter = admins[0]; // API decision 4: default is the most recently added active admin
  if (body.invited_by != null) {
    const wanted = typeof body.invited_by === "string" ? normalizeEmail(body.invited_by) : "";
    inviter = admins.find((a) => a.email === wanted);
    if (!inviter)
      throw new HttpError(422, "invited_by must be the email address of an active admin of the workspace");
  }

  const workspaceName = blogName(db, workspaceId);
  const added: string[] = [];
  const skipped: string[] = [];
  transaction(db, () => {
    const exists = db.prepare("SELECT 1 FROM members WHERE workspace_id = ? AND email = ?");
    const insert = db.prepare(
      `INSERT INTO members (id, workspace_id, seq, email, first_name, last_name, time_zone, profile_image_url, active, organization_role, invited_by, created_at, updated_at)
       VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM members), ?, '', '', 'UTC', NULL, 1, ?, ?, ?, ?)`,
    );
    for (const email of emails) {
      // API decision 4: adding someone already in the workspace is skipped, not an error.
      if (exists.get(workspaceId, email)) {
        skipped.push(email);
        continue;
      }
      insert.run(
        randomUUID(),
        workspaceId,
        email,
        role,
        inviter?.email ?? null,
        now.toISOString(),
        now.toISOString(),
      );
      added.push(email);
      if (sendInvitations) {
        const token = createToken(db, workspaceId, "invitation", email, now);
        const who = inviter
          ? `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email
          : "An admin";
        recordEmail(db, {
          workspaceId,
          to: email,
          kind: "invitation",
          subject: `${who} invited you to join ${workspaceName}`,
          link: `${origin}/__local/invitations/${token}`,
          now,
        });
      }
    }
  });

  const parts = [`Added ${added.length} team member${added.length === 1 ? "" : "s"}.`];
  if (skipped.length)
    parts.push(`Skipped ${skipped.length} already in the workspace: ${skipped.join(", ")}.`);
  if (added.length) parts.push(sendInvitations ? "Invitation emails sent." : "No invitation emails sent.");
  return { message: parts.join(" ") };
}

const PATCH_STRING_FIELDS = ["email", "first_name", "last_name", "time_zone", "organization_role"] as const;

/**
 * Applies a partial update. Unknown fields are ignored (as most JSON APIs do); `active` is
 * only accepted when `allowActive` (v1), and refused with a pointer to v1 otherwise.
 */
export function updateMember(
  db: Db,
  workspaceId: string,
  id: string,
  body: Record<string, unknown>,
  allowActive: boolean,
  origin: string,
  now: Date,
): TeamMember {
  const row = findRow(db, workspaceId, id);
  if (!row) throw new HttpError(404, MEMBER_NOT_FOUND);

  if ("active" in body && !allowActive) {
    throw new HttpError(
      422,
      "active cannot be changed with the v2 API; use PATCH /api/external/v1/team_members/{team_member_id}",
    );
  }
  const next = { ...row };
  for (const field of PATCH_STRING_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (typeof value !== "string") throw new HttpError(422, `${field} must be a string`);
    if (value.length > 200) throw new HttpError(422, `${field} is too long (200 characters at most)`);
    next[field] = value;
  }
  if ("email" in body) {
    next.email = normalizeEmail(next.email);
    if (!isValidEmail(next.email))
      throw new HttpError(422, `Invalid email address: ${JSON.stringify(body.email)}`);
    const taken = db
      .prepare("SELECT id FROM members WHERE workspace_id = ? AND email = ? AND id <> ?")
      .get(workspaceId, next.email, row.id);
    if (taken) throw new HttpError(422, "Email is already used by another team member");
  }
  if ("time_zone" in body && !isValidTimeZone(next.time_zone)) {
    throw new HttpError(
      422,
      `Invalid time_zone ${JSON.stringify(next.time_zone)}: must be a valid IANA time zone name`,
    );
  }
  if ("organization_role" in body) assertRole(db, workspaceId, next.organization_role);
  if (allowActive && "active" in body) {
    if (typeof body.active !== "boolean") throw new HttpError(422, "active must be a boolean");
    next.active = body.active ? 1 : 0;
  }

  // API decision 5: demoting or deactivating the last active admin is refused like removing them.
  const wasAdmin = row.active === 1 && row.organization_role === ADMIN_ROLE;
  const staysAdmin = next.active === 1 && next.organization_role === ADMIN_ROLE;
  if (wasAdmin && !staysAdmin && activeAdminIds(db, workspaceId).size <= 1)
    throw new HttpError(422, LAST_ADMIN_ERROR);

  db.prepare(
    `UPDATE members SET email = ?, first_name = ?, last_name = ?, time_zone = ?, organization_role = ?, active = ?, updated_at = ?
     WHERE id = ?`,
  ).run(
    next.email,
    next.first_name,
    next.last_name,
    next.time_zone,
    next.organization_role,
    next.active,
    now.toISOString(),
    row.id,
  );
  return toMember(next, origin);
}

export function removeMember(db: Db, workspaceId: string, id: string): void {
  const row = findRow(db, workspaceId, id);
  if (!row) throw new HttpError(404, MEMBER_NOT_FOUND);
  const admins = activeAdminIds(db, workspaceId);
  if (admins.has(row.id) && admins.size <= 1) throw new HttpError(422, LAST_ADMIN_ERROR);
  db.prepare("DELETE FROM members WHERE id = ?").run(row.id);
}

/**
 * v1 bulk removal. All-or-nothing: if the batch would leave no active admin nothing is
 * removed. Unknown addresses do not fail the batch (removal is idempotent); they are named in
 * the message so a caller can notice a typo.
 */
export function removeMembersByEmail(db: Db, workspaceId: string, emails: string[]): { message: string } {
  const find = db.prepare("SELECT id, email FROM members WHERE workspace_id = ? AND email = ?");
  const found: { id: string; email: string }[] = [];
  const missing: string[] = [];
  for (const email of emails) {
    const row = find.get(workspaceId, email) as { id: string; email: string } | undefined;
    if (row) found.push(row);
    else missing.push(email);
  }
  const admins = activeAdminIds(db, workspaceId);
  if (admins.size > 0 && [...admins].every((id) => found.some((f) => f.id === id))) {
    throw new HttpError(422, LAST_ADMIN_ERROR);
  }
  transaction(db, () => {
    const del = db.prepare("DELETE FROM members WHERE id = ?");
    for (const f of found) del.run(f.id);
  });
  const parts = [`Removed ${found.length} team member${found.length === 1 ? "" : "s"}.`];
  if (missing.length) parts.push(`Not found: ${missing.join(", ")}.`);
  return { message: parts.join(" ") };
}
