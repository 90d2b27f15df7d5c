import { randomUUID } from "node:crypto";
import type { ApiContext } from "./context";
import { HttpError, json, noContent, readJsonObject, requireAcceptJson } from "./http";
import { sendEmail } from "./outbox";
import { blogName, transaction, type Db } from "./store";
import { isUuid, isValidTimeZone, normalizeEmail, requireEmail } from "./validation";

/*
 * The v1 and v2 team-member endpoints (README.md here, API decisions 1, 2, 4-6). They differ as the
 * document says: v2 add needs Accept, answers 201 and honours send_invitation_email; v1 add answers
 * 200 and always invites; only v1 update accepts `active`.
 */

export const LAST_ADMIN_ERROR = "Cannot remove the last admin of the workspace";
export const MEMBER_NOT_FOUND = "Team member not found";
const ADMIN_ROLE = "Admin";
const DEFAULT_ROLE = "Standard";
const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 1000;

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
    // Seeded avatars are stored origin-relative: the origin the request came in on prefixes them.
    profile_image_url: row.profile_image_url?.startsWith("/")
      ? origin + row.profile_image_url
      : row.profile_image_url,
    active: row.active === 1,
    organization_role: row.organization_role,
  };
}

function positiveInt(ctx: ApiContext, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = ctx.url.searchParams.get(name);
  if (value === null) return fallback;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= max))
    throw new HttpError(
      422,
      `${name} must be an integer ${max < Number.MAX_SAFE_INTEGER ? `between 1 and ${max}` : "of at least 1"}`,
    );
  return n;
}

export function listTeamMembersV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  const { db, workspaceId } = ctx;
  // API decision 1: the general rule wins, omitted page_number means page 1 (not "everything").
  const page = positiveInt(ctx, "page_number", 1);
  const pageSize = positiveInt(ctx, "page_size", DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const total = (
    db.prepare("SELECT COUNT(*) AS c FROM members WHERE workspace_id = ?").get(workspaceId) as { c: number }
  ).c;
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM members WHERE workspace_id = ? ORDER BY seq LIMIT ? OFFSET ?`)
    .all(workspaceId, pageSize, (page - 1) * pageSize) as MemberRow[];
  return json({
    team_members: rows.map((r) => toMember(r, ctx.origin)),
    pagination: {
      total_records: total,
      total_pages: Math.ceil(total / pageSize),
      current_page: page,
      page_size: pageSize,
    },
  });
}

/** The member the path names; a non-uuid id names none: the same 404 (API decision 2). */
function findRow(ctx: ApiContext): MemberRow {
  const id = ctx.params.id ?? "";
  const row = isUuid(id)
    ? (ctx.db
        .prepare(`SELECT ${COLUMNS} FROM members WHERE workspace_id = ? AND id = ?`)
        .get(ctx.workspaceId, id.toLowerCase()) as MemberRow | undefined)
    : undefined;
  if (!row) throw new HttpError(404, MEMBER_NOT_FOUND);
  return row;
}

export function getTeamMemberV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  return json({ team_member: toMember(findRow(ctx), ctx.origin) });
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
function parseEmailList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(422, "emails is required and must be a non-empty array of email addresses");
  }
  return [...new Set(value.map(requireEmail))];
}

function addTeamMembers(version: 1 | 2) {
  return async (ctx: ApiContext): Promise<Response> => {
    if (version === 2) requireAcceptJson(ctx.request);
    const body = await readJsonObject(ctx.request);
    const { db, workspaceId, origin, now } = ctx;
    const emails = parseEmailList(body.emails);
    const role =
      body.organization_role == null ? DEFAULT_ROLE : assertRole(db, workspaceId, body.organization_role);

    let sendInvitations = true;
    // v1 has no `send_invitation_email` and always invites.
    if (version === 2 && body.send_invitation_email !== undefined) {
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
       VALUES (?1, ?2, (SELECT COALESCE(MAX(seq), 0) + 1 FROM members), ?3, '', '', 'UTC', NULL, 1, ?4, ?5, ?6, ?6)`,
      );
      for (const email of emails) {
        // API decision 4: adding someone already in the workspace is skipped, not an error.
        if (exists.get(workspaceId, email)) {
          skipped.push(email);
          continue;
        }
        insert.run(randomUUID(), workspaceId, email, role, inviter?.email ?? null, now.toISOString());
        added.push(email);
        if (sendInvitations) {
          const who = inviter
            ? `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email
            : "An admin";
          sendEmail(ctx, {
            to: email,
            kind: "invitation",
            subject: `${who} invited you to join ${workspaceName}`,
            link: (token) => `${origin}/__local/invitations/${token}`,
          });
        }
      }
    });

    const parts = [`Added ${added.length} team member${added.length === 1 ? "" : "s"}.`];
    if (skipped.length)
      parts.push(`Skipped ${skipped.length} already in the workspace: ${skipped.join(", ")}.`);
    if (added.length) parts.push(sendInvitations ? "Invitation emails sent." : "No invitation emails sent.");
    return json({ message: parts.join(" ") }, version === 2 ? 201 : 200);
  };
}
export const addTeamMembersV1 = addTeamMembers(1);
export const addTeamMembersV2 = addTeamMembers(2);

const PATCH_STRING_FIELDS = ["email", "first_name", "last_name", "time_zone", "organization_role"] as const;

/** A partial update; unknown fields are ignored, `active` is refused outside v1 with a pointer to it. */
function updateTeamMember(allowActive: boolean) {
  return async (ctx: ApiContext): Promise<Response> => {
    requireAcceptJson(ctx.request);
    const row = findRow(ctx);
    const body = await readJsonObject(ctx.request);
    const { db, workspaceId } = ctx;
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
      next.email = requireEmail(body.email);
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
      `UPDATE members SET email = @email, first_name = @first_name, last_name = @last_name, time_zone = @time_zone,
     profile_image_url = @profile_image_url, organization_role = @organization_role, active = @active,
     updated_at = @updated_at WHERE id = @id`,
    ).run({ ...next, updated_at: ctx.now.toISOString() });
    return json({ team_member: toMember(next, ctx.origin) });
  };
}
export const updateTeamMemberV1 = updateTeamMember(true);
export const updateTeamMemberV2 = updateTeamMember(false);

export function removeTeamMemberV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  const row = findRow(ctx);
  const admins = activeAdminIds(ctx.db, ctx.workspaceId);
  if (admins.has(row.id) && admins.size <= 1) throw new HttpError(422, LAST_ADMIN_ERROR);
  ctx.db.prepare("DELETE FROM members WHERE id = ?").run(row.id);
  return noContent();
}

/**
 * v1 bulk removal, all-or-nothing when it would leave no active admin. Unknown addresses do not
 * fail the batch (removal is idempotent) but are named, so a caller can notice a typo.
 */
export async function removeTeamMembersV1(ctx: ApiContext): Promise<Response> {
  requireAcceptJson(ctx.request);
  const emails = parseEmailList((await readJsonObject(ctx.request)).emails);
  const { db, workspaceId } = ctx;
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
  return json({ message: parts.join(" ") });
}
