import { randomUUID } from "node:crypto";
import { isValidTimeZone } from "../i18n/translate";
import { HttpError, json, normalizeEmail, readJsonObject, requireAcceptJson, requireEmail } from "./http";
import type { ApiContext } from "./http";
import { imagePath } from "./images";
import { sendEmail } from "./outbox";
import { blogName, transaction, type Db } from "./store";

// API decisions 1, 2, 4-6. As the document says, v2 add needs Accept, answers 201 and honours
// send_invitation_email; v1 add answers 200 and always invites; only v1 update accepts `active`.

export const LAST_ADMIN_ERROR = "Cannot remove the last admin of the workspace";
const ADMIN_ROLE = "Admin";
// The service's roles are per workspace; every local workspace has these two (case sensitive).
const ROLES = [ADMIN_ROLE, "Standard"];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member as stored: SQLite has no boolean, so `active` is 0/1. */
type MemberRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string;
  profile_image_url: string | null;
  active: number;
  organization_role: string;
};

/** A member to insert: seeded ones may have a generated avatar. */
export type NewMember = Omit<MemberRow, "profile_image_url" | "organization_role" | "active"> & {
  role: string;
  active: boolean;
  avatar: boolean;
};

const COLUMNS = "id, email, first_name, last_name, time_zone, profile_image_url, active, organization_role";

function toMember(row: MemberRow, origin: string) {
  const image = row.profile_image_url;
  // Seeded avatars are stored origin-relative: the origin the request came in on prefixes them.
  return {
    ...row,
    profile_image_url: image?.startsWith("/") ? origin + image : image,
    active: row.active === 1,
  };
}

/** Inserts members after every existing one: insertion order is list order. */
export function insertMembers(db: Db, workspaceId: string, members: Iterable<NewMember>, now: Date): void {
  const stmt = db.prepare(
    `INSERT INTO members (id, workspace_id, seq, email, first_name, last_name, time_zone, profile_image_url, active, organization_role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const last = db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM members").get() as { seq: number };
  let seq = last.seq + 1;
  const stamp = now.toISOString();
  for (const m of members) {
    const avatar = m.avatar ? imagePath("avatars", m.id) : null;
    const row = [m.email, m.first_name, m.last_name, m.time_zone, avatar, m.active ? 1 : 0, m.role];
    stmt.run(m.id, workspaceId, seq++, ...row, stamp, stamp);
  }
}

function positiveInt(ctx: ApiContext, name: string, fallback: number, max?: number): number {
  const value = ctx.url.searchParams.get(name)?.trim();
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= (max ?? Number.MAX_SAFE_INTEGER)))
    throw new HttpError(422, `${name} must be an integer ${max ? `between 1 and ${max}` : "of at least 1"}`);
  return n;
}

export function listTeamMembersV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  const { db, workspaceId } = ctx;
  // API decision 1: the general rule wins, omitted page_number means page 1 (not "everything").
  const page = positiveInt(ctx, "page_number", 1);
  const pageSize = positiveInt(ctx, "page_size", 30, 1000);
  const count = db.prepare("SELECT COUNT(*) AS c FROM members WHERE workspace_id = ?").get(workspaceId);
  const total = (count as { c: number }).c;
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
  const row = UUID_RE.test(id)
    ? (ctx.db
        .prepare(`SELECT ${COLUMNS} FROM members WHERE workspace_id = ? AND id = ?`)
        .get(ctx.workspaceId, id.toLowerCase()) as MemberRow | undefined)
    : undefined;
  if (!row) throw new HttpError(404, "Team member not found");
  return row;
}

export function getTeamMemberV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  return json({ team_member: toMember(findRow(ctx), ctx.origin) });
}

/** The active admins, most recently added first. */
function activeAdmins(db: Db, workspaceId: string) {
  return db
    .prepare(
      "SELECT id, email, first_name, last_name FROM members WHERE workspace_id = ? AND active = 1 AND organization_role = ? ORDER BY seq DESC",
    )
    .all(workspaceId, ADMIN_ROLE) as { id: string; email: string; first_name: string; last_name: string }[];
}

function assertRole(role: unknown): string {
  if (typeof role !== "string" || !ROLES.includes(role)) {
    throw new HttpError(
      422,
      `Invalid organization_role ${JSON.stringify(role)}: must be one of ${ROLES.join(", ")} (case sensitive)`,
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

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

function addTeamMembers(version: 1 | 2) {
  return async (ctx: ApiContext): Promise<Response> => {
    if (version === 2) requireAcceptJson(ctx.request);
    const body = await readJsonObject(ctx.request);
    const { db, workspaceId, origin, now } = ctx;
    const emails = parseEmailList(body.emails);
    const role = body.organization_role == null ? "Standard" : assertRole(body.organization_role);

    // v1 has no `send_invitation_email` and always invites.
    const flag =
      version === 1 || body.send_invitation_email === undefined ? "true" : body.send_invitation_email;
    if (flag !== "true" && flag !== "false")
      throw new HttpError(422, 'send_invitation_email must be the string "true" or "false"');
    const sendInvitations = flag === "true";

    const admins = activeAdmins(db, workspaceId);
    let inviter = admins[0]; // API decision 4: default is the most recently added active admin
    if (body.invited_by != null) {
      const wanted = typeof body.invited_by === "string" ? normalizeEmail(body.invited_by) : "";
      inviter = admins.find((a) => a.email === wanted);
      if (!inviter)
        throw new HttpError(422, "invited_by must be the email address of an active admin of the workspace");
    }
    const who = inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email : "An admin";
    const subject = `${who} invited you to join ${blogName(db, workspaceId)}`;

    // API decision 4: adding someone already in the workspace is skipped, not an error.
    const exists = db.prepare("SELECT 1 FROM members WHERE workspace_id = ? AND email = ?");
    let added: string[] = [];
    let skipped: string[] = [];
    transaction(db, () => {
      skipped = emails.filter((email) => exists.get(workspaceId, email));
      added = emails.filter((email) => !skipped.includes(email));
      const blank = { first_name: "", last_name: "", time_zone: "UTC", role, active: true, avatar: false };
      insertMembers(
        db,
        workspaceId,
        added.map((email) => ({ id: randomUUID(), email, ...blank })),
        now,
      );
      if (!sendInvitations) return;
      const link = `${origin}/__local/invitations/`;
      for (const to of added) sendEmail(ctx, { to, kind: "invitation", subject, link });
    });

    const parts = [`Added ${plural(added.length, "team member")}.`];
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
    // API decision 6: whatever Intl accepts (IANA names and aliases) is a valid time zone.
    if ("time_zone" in body && !isValidTimeZone(next.time_zone)) {
      throw new HttpError(
        422,
        `Invalid time_zone ${JSON.stringify(next.time_zone)}: must be a valid IANA time zone name`,
      );
    }
    if ("organization_role" in body) assertRole(next.organization_role);
    if ("active" in body) {
      if (typeof body.active !== "boolean") throw new HttpError(422, "active must be a boolean");
      next.active = body.active ? 1 : 0;
    }

    // API decision 5: demoting or deactivating the last active admin is refused like removing them.
    const wasAdmin = row.active === 1 && row.organization_role === ADMIN_ROLE;
    const staysAdmin = next.active === 1 && next.organization_role === ADMIN_ROLE;
    if (wasAdmin && !staysAdmin && activeAdmins(db, workspaceId).length <= 1)
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
  const admins = activeAdmins(ctx.db, ctx.workspaceId);
  if (admins.length <= 1 && admins[0]?.id === row.id) throw new HttpError(422, LAST_ADMIN_ERROR);
  ctx.db.prepare("DELETE FROM members WHERE id = ?").run(row.id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

/**
 * v1 bulk removal, all-or-nothing when it would leave no active admin. Unknown addresses do not
 * fail the batch (removal is idempotent) but are named, so a caller can notice a typo.
 */
export async function removeTeamMembersV1(ctx: ApiContext): Promise<Response> {
  requireAcceptJson(ctx.request);
  const emails = parseEmailList((await readJsonObject(ctx.request)).emails);
  const { db, workspaceId } = ctx;
  const find = db.prepare("SELECT id FROM members WHERE workspace_id = ? AND email = ?");
  const ids = new Map(
    emails.map((email) => [email, (find.get(workspaceId, email) as { id: string } | undefined)?.id]),
  );
  const found = [...ids.values()].filter((id) => id !== undefined);
  const missing = [...ids.keys()].filter((email) => ids.get(email) === undefined);
  const admins = activeAdmins(db, workspaceId);
  if (admins.length > 0 && admins.every((a) => found.includes(a.id)))
    throw new HttpError(422, LAST_ADMIN_ERROR);
  transaction(db, () => {
    const del = db.prepare("DELETE FROM members WHERE id = ?");
    for (const id of found) del.run(id);
  });
  const parts = [`Removed ${plural(found.length, "team member")}.`];
  if (missing.length) parts.push(`Not found: ${missing.join(", ")}.`);
  return json({ message: parts.join(" ") });
}
