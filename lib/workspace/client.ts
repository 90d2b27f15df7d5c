import "server-only";
import { logLine } from "../observability/log.mjs";
import * as blog from "./blog-posts";
import * as subscribers from "./subscribers";
import * as members from "./team-members";
import { createTransport, type TransportOptions, type Workspace } from "./transport";
import type { NewTeamMembers, TeamMemberChanges } from "./types";

export type WorkspaceClientOptions = TransportOptions;

/** Every endpoint of the external API, v2 and v1, with exactly the headers each documents. */
export function createWorkspaceClient(options: WorkspaceClientOptions) {
  const ws: Workspace = { send: createTransport(options), log: options.log ?? logLine("workspace") };
  const client = {
    // ---- v2 team members ----
    listTeamMembers: (params: members.TeamMemberPageParams) => members.listTeamMembers(ws, params),
    /** Every member, page by page: see `listAllTeamMembers` in ./team-members. */
    listAllTeamMembers: (params?: members.AllTeamMembersParams) =>
      members.listAllTeamMembers(ws, (page) => client.listTeamMembers(page), params),
    getTeamMember: (id: string) => members.getTeamMember(ws, id),
    addTeamMembers: (input: NewTeamMembers) => members.addTeamMembers(ws, input),
    updateTeamMember: (id: string, changes: TeamMemberChanges) => members.updateTeamMember(ws, id, changes),
    removeTeamMember: (id: string) => members.removeTeamMember(ws, id),

    // ---- v2 subscribers and blog ----
    addSubscriber: (email: string) => subscribers.addSubscriber(ws, email),
    listBlogPosts: () => blog.listBlogPosts(ws),
    listBlogSlugs: () => blog.listBlogSlugs(ws),

    // ---- v1 ----
    /** v1 update: the only way to change `active`. */
    updateTeamMemberV1: (id: string, changes: members.TeamMemberChangesV1) =>
      members.updateTeamMemberV1(ws, id, changes),
    setTeamMemberActive: (id: string, active: boolean) => client.updateTeamMemberV1(id, { active }),
    addTeamMembersV1: (input: Omit<NewTeamMembers, "sendInvitationEmail">) =>
      members.addTeamMembersV1(ws, input),
    removeTeamMembersV1: (emails: string[]) => members.removeTeamMembersV1(ws, emails),
    listBlogPostsV1: () => blog.listBlogPostsV1(ws),
  };
  return client;
}

export type WorkspaceClient = ReturnType<typeof createWorkspaceClient>;
