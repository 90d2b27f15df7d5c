import type { ApiContext } from "../context";
import { HttpError, json, noContent, readJsonObject, requireAcceptJson } from "../http";
import {
  addMembers,
  getMember,
  listMembers,
  MEMBER_NOT_FOUND,
  parseEmailList,
  removeMember,
  removeMembersByEmail,
  updateMember,
} from "../members";
import { isUuid } from "../validation";

/** v1 and v2 team-member endpoints; header rules follow section 4 of the document. */

export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 1000;

function parsePositiveInt(value: string | null, name: string, fallback: number, max?: number): number {
  if (value === null) return fallback;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) {
    const range = max !== undefined ? `between 1 and ${max}` : "of at least 1";
    throw new HttpError(422, `${name} must be an integer ${range}`);
  }
  return n;
}

/** A non-uuid id cannot name a member: same 404 as an unknown one (README.md, API decision 2). */
function memberId(ctx: ApiContext): string {
  const id = ctx.params.id ?? "";
  if (!isUuid(id)) throw new HttpError(404, MEMBER_NOT_FOUND);
  return id;
}

export function listTeamMembersV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  // API decision 1: the general rule wins, omitted page_number means page 1 (not "everything").
  const page = parsePositiveInt(ctx.url.searchParams.get("page_number"), "page_number", 1);
  const size = parsePositiveInt(
    ctx.url.searchParams.get("page_size"),
    "page_size",
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
  );
  return json(listMembers(ctx.db, ctx.workspaceId, page, size, ctx.origin));
}

export function getTeamMemberV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  return json({ team_member: getMember(ctx.db, ctx.workspaceId, memberId(ctx), ctx.origin) });
}

/**
 * Add and update differ between versions only in what the document lists: v2 add requires
 * Accept, answers 201 and honours send_invitation_email; v1 add requires no Accept, answers
 * 200 and always invites. Update requires Accept in both; only v1 accepts `active`.
 */
function addTeamMembers(version: 1 | 2) {
  return async (ctx: ApiContext): Promise<Response> => {
    if (version === 2) requireAcceptJson(ctx.request);
    const body = await readJsonObject(ctx.request);
    const added = addMembers(
      ctx.db,
      ctx.workspaceId,
      { body, allowSendInvitationFlag: version === 2 },
      ctx.origin,
      ctx.now,
    );
    return json(added, version === 2 ? 201 : 200);
  };
}

function updateTeamMember(version: 1 | 2) {
  return async (ctx: ApiContext): Promise<Response> => {
    requireAcceptJson(ctx.request);
    const id = memberId(ctx);
    const body = await readJsonObject(ctx.request);
    const allowActive = version === 1;
    return json({
      team_member: updateMember(ctx.db, ctx.workspaceId, id, body, allowActive, ctx.origin, ctx.now),
    });
  };
}

export const addTeamMembersV2 = addTeamMembers(2);
export const updateTeamMemberV2 = updateTeamMember(2);

export function removeTeamMemberV2(ctx: ApiContext): Response {
  requireAcceptJson(ctx.request);
  removeMember(ctx.db, ctx.workspaceId, memberId(ctx));
  return noContent();
}

export const addTeamMembersV1 = addTeamMembers(1);
export const updateTeamMemberV1 = updateTeamMember(1);

export async function removeTeamMembersV1(ctx: ApiContext): Promise<Response> {
  requireAcceptJson(ctx.request);
  const body = await readJsonObject(ctx.request);
  return json(removeMembersByEmail(ctx.db, ctx.workspaceId, parseEmailList(body.emails)));
}
