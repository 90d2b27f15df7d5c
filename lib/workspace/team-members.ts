import "server-only";
import { messageWire, teamMemberEnvelopeWire, teamMemberListWire } from "./schemas";
import { call, type Workspace } from "./transport";
import type {
  AllTeamMembers,
  Message,
  NewTeamMembers,
  TeamMember,
  TeamMemberChanges,
  TeamMemberPage,
} from "./types";

/* The team-member endpoints, v2 and v1, each with exactly the headers the document lists. */

export type TeamMemberPageParams = { page: number; pageSize: number };
export type AllTeamMembersParams = { pageSize?: number; maxPages?: number; concurrency?: number };
export type TeamMemberChangesV1 = TeamMemberChanges & { active?: boolean };

const memberPath = (id: string) => `/v2/team-members/${encodeURIComponent(id)}`;

export async function listTeamMembers(ws: Workspace, params: TeamMemberPageParams): Promise<TeamMemberPage> {
  const body = await call(
    ws,
    {
      operation: "list_members",
      method: "GET",
      path: "/v2/team-members",
      query: { page_number: params.page, page_size: params.pageSize },
      accept: true,
      retry: "idempotent",
    },
    teamMemberListWire,
  );
  return {
    members: body.team_members,
    pagination: { ...body.pagination, currentPage: body.pagination.currentPage ?? params.page },
  };
}

/**
 * Every member, page by page (lib/local-workspace/README.md, API decision 1): stops at the last page, at an empty
 * page, at `maxPages`, or when a page repeats ids already seen (a server ignoring page_number).
 * With `concurrency` > 1, pages after the first are fetched that many at a time (10,000
 * members are 100 round trips to a remote workspace), never past the last page the
 * workspace announced, and each window is checked in page order with the same guards.
 * `listPage` fetches one page (the client's own `listTeamMembers`).
 */
export async function listAllTeamMembers(
  ws: Workspace,
  listPage: (params: TeamMemberPageParams) => Promise<TeamMemberPage>,
  params: AllTeamMembersParams = {},
): Promise<AllTeamMembers> {
  const pageSize = params.pageSize ?? 100;
  const maxPages = params.maxPages ?? 200;
  const concurrency = Math.max(1, Math.floor(params.concurrency ?? 1));
  const seen = new Set<string>();
  const members: TeamMember[] = [];
  let totalPages = 1;
  for (let next = 1; next <= maxPages;) {
    const last = next === 1 ? 1 : Math.max(next, Math.min(maxPages, totalPages, next + concurrency - 1));
    const numbers = Array.from({ length: last - next + 1 }, (_, i) => next + i);
    const pages = await Promise.all(numbers.map((page) => listPage({ page, pageSize })));
    for (const [i, { members: batch, pagination }] of pages.entries()) {
      const page = numbers[i]!;
      if (batch.length === 0) return { members, truncated: false, pagesFetched: page };
      const fresh = batch.filter((m) => !seen.has(m.id));
      if (fresh.length === 0) {
        ws.log(`team-members page ${page} repeated earlier ids; stopping (is page_number ignored?)`);
        return { members, truncated: true, pagesFetched: page };
      }
      for (const m of fresh) {
        seen.add(m.id);
        members.push(m);
      }
      if (pagination.currentPage >= pagination.totalPages)
        return { members, truncated: false, pagesFetched: page };
      totalPages = pagination.totalPages;
    }
    next = last + 1;
  }
  return { members, truncated: true, pagesFetched: maxPages };
}

export async function getTeamMember(ws: Workspace, id: string): Promise<TeamMember> {
  const body = await call(
    ws,
    { operation: "get_member", method: "GET", path: memberPath(id), accept: true, retry: "idempotent" },
    teamMemberEnvelopeWire,
  );
  return body.team_member;
}

export async function addTeamMembers(ws: Workspace, input: NewTeamMembers): Promise<Message> {
  const body = newMembersToWire(input);
  // The document types this flag as the strings "true" / "false".
  if (input.sendInvitationEmail !== undefined) body.send_invitation_email = String(input.sendInvitationEmail);
  // Adding an existing member is skipped by the workspace, so a retry cannot duplicate.
  return call(
    ws,
    {
      operation: "add_members",
      method: "POST",
      path: "/v2/team-members",
      body,
      accept: true,
      retry: "idempotent",
    },
    messageWire,
  );
}

export async function updateTeamMember(
  ws: Workspace,
  id: string,
  changes: TeamMemberChanges,
): Promise<TeamMember> {
  const body = await call(
    ws,
    {
      operation: "update_member",
      method: "PATCH",
      path: memberPath(id),
      body: changesToWire(changes),
      accept: true,
      retry: "idempotent",
    },
    teamMemberEnvelopeWire,
  );
  return body.team_member;
}

export async function removeTeamMember(ws: Workspace, id: string): Promise<void> {
  await ws.send({
    operation: "remove_member",
    method: "DELETE",
    path: memberPath(id),
    accept: true,
    retry: "unprocessed",
  });
}

/** v1 update: the only way to change `active`. */
export async function updateTeamMemberV1(
  ws: Workspace,
  id: string,
  changes: TeamMemberChangesV1,
): Promise<TeamMember> {
  const wire = changesToWire(changes);
  if (changes.active !== undefined) wire.active = changes.active;
  const body = await call(
    ws,
    {
      operation: "update_member_v1",
      method: "PATCH",
      path: `/v1/team_members/${encodeURIComponent(id)}`,
      body: wire,
      accept: true,
      retry: "idempotent",
    },
    teamMemberEnvelopeWire,
  );
  return body.team_member;
}

export async function addTeamMembersV1(
  ws: Workspace,
  input: Omit<NewTeamMembers, "sendInvitationEmail">,
): Promise<Message> {
  // v1 add does not list Accept as required.
  return call(
    ws,
    {
      operation: "add_members_v1",
      method: "POST",
      path: "/v1/team_members",
      body: newMembersToWire(input),
      accept: false,
      retry: "idempotent",
    },
    messageWire,
  );
}

export async function removeTeamMembersV1(ws: Workspace, emails: string[]): Promise<Message> {
  return call(
    ws,
    {
      operation: "remove_members_v1",
      method: "DELETE",
      path: "/v1/team_members",
      body: { emails },
      accept: true,
      retry: "unprocessed",
    },
    messageWire,
  );
}

function newMembersToWire(input: Omit<NewTeamMembers, "sendInvitationEmail">): Record<string, unknown> {
  const body: Record<string, unknown> = { emails: input.emails };
  if (input.role !== undefined) body.organization_role = input.role;
  if (input.invitedBy !== undefined) body.invited_by = input.invitedBy;
  return body;
}

function changesToWire(changes: TeamMemberChanges): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if (changes.email !== undefined) wire.email = changes.email;
  if (changes.firstName !== undefined) wire.first_name = changes.firstName;
  if (changes.lastName !== undefined) wire.last_name = changes.lastName;
  if (changes.timeZone !== undefined) wire.time_zone = changes.timeZone;
  if (changes.role !== undefined) wire.organization_role = changes.role;
  return wire;
}
