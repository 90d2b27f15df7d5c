import "server-only";
import { z } from "zod";
import { logLine } from "../observability/log.mjs";
import {
  blogPostListWire,
  blogPostWire,
  messageWire,
  slugsWire,
  teamMemberEnvelopeWire,
  teamMemberListWire,
} from "./schemas";
import { createTransport, type TransportOptions, type WorkspaceRequest } from "./transport";
import type { BlogPost, TeamMember } from "./types";

const MEMBERS = "/v2/team-members";
const memberPath = (id: string) => `${MEMBERS}/${encodeURIComponent(id)}`;
const SUBSCRIPTIONS = "/v2/email-subscriptions";

/** The endpoints of the external API the site uses. */
export function createWorkspaceClient(options: TransportOptions) {
  const send = createTransport(options);
  const log = options.log ?? logLine("workspace");

  /**
   * One call, with exactly the headers the document lists: Accept only on the team-member
   * endpoints, where it is required. Removals and subscriptions are not safe to repeat blindly.
   */
  const call = async <S extends z.ZodType>(
    schema: S,
    operation: string,
    method: WorkspaceRequest["method"],
    path: string,
    extra: Pick<WorkspaceRequest, "query" | "body"> = {},
  ): Promise<z.output<S>> => {
    const unsafe = method === "DELETE" || path === SUBSCRIPTIONS;
    const retry = unsafe ? "unprocessed" : "idempotent";
    return (await send(
      { operation, method, path, ...extra, accept: path.includes("team"), retry },
      schema,
    )) as z.output<S>;
  };
  const member = async (operation: string, method: "GET" | "PATCH", path: string, body?: unknown) =>
    (await call(teamMemberEnvelopeWire, operation, method, path, { body })).team_member;

  const client = {
    async listTeamMembers(params: { page: number; pageSize: number }) {
      const query = { page_number: params.page, page_size: params.pageSize };
      const body = await call(teamMemberListWire, "list_members", "GET", MEMBERS, { query });
      return {
        members: body.team_members,
        pagination: { ...body.pagination, currentPage: body.pagination.currentPage ?? params.page },
      };
    },

    /**
     * Every member, page by page (API decision 1): stops at the last page, at an empty page, at
     * `maxPages`, or when a page repeats ids already seen (a server ignoring page_number). With
     * `concurrency` > 1, pages after the first are fetched that many at a time, never past the last
     * page announced, and each window is checked in page order with the same guards. `truncated`:
     * the walk stopped at the page cap or at a server that repeats pages.
     */
    async listAllTeamMembers(params: { pageSize?: number; maxPages?: number; concurrency?: number } = {}) {
      const pageSize = params.pageSize ?? 100;
      const maxPages = params.maxPages ?? 200;
      const concurrency = Math.max(1, Math.floor(params.concurrency ?? 1));
      const seen = new Set<string>();
      const members: TeamMember[] = [];
      let totalPages = 1;
      for (let next = 1; next <= maxPages;) {
        const last = next === 1 ? 1 : Math.max(next, Math.min(maxPages, totalPages, next + concurrency - 1));
        const numbers = Array.from({ length: last - next + 1 }, (_, i) => next + i);
        const pages = await Promise.all(numbers.map((page) => client.listTeamMembers({ page, pageSize })));
        for (const [i, { members: batch, pagination }] of pages.entries()) {
          const page = numbers[i]!;
          if (batch.length === 0) return { members, truncated: false, pagesFetched: page };
          const fresh = batch.filter((m) => !seen.has(m.id));
          if (fresh.length === 0) {
            log(`team-members page ${page} repeated earlier ids; stopping (is page_number ignored?)`);
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
    },

    getTeamMember: (id: string) => member("get_member", "GET", memberPath(id)),

    // Adding an existing member is skipped by the workspace, so a retry cannot duplicate.
    // sendInvitationEmail is v2 only; false skips invitation emails.
    addTeamMembers: (input: {
      emails: string[];
      role?: string;
      invitedBy?: string;
      sendInvitationEmail?: boolean;
    }) =>
      call(messageWire, "add_members", "POST", MEMBERS, {
        body: {
          emails: input.emails,
          organization_role: input.role,
          invited_by: input.invitedBy,
          // The document types this flag as the strings "true" / "false".
          send_invitation_email:
            input.sendInvitationEmail === undefined ? undefined : String(input.sendInvitationEmail),
        },
      }),

    // Unset changes stay unsent (JSON.stringify drops undefined).
    updateTeamMember: (id: string, changes: Partial<Omit<TeamMember, "id" | "profileImageUrl" | "active">>) =>
      member("update_member", "PATCH", memberPath(id), {
        email: changes.email,
        first_name: changes.firstName,
        last_name: changes.lastName,
        time_zone: changes.timeZone,
        organization_role: changes.role,
      }),

    async removeTeamMember(id: string): Promise<void> {
      await call(z.unknown(), "remove_member", "DELETE", memberPath(id));
    },

    addSubscriber: (email: string) =>
      call(messageWire, "subscribe", "POST", SUBSCRIPTIONS, { body: { email } }),

    /** Newest first; `skipped` counts entries that could not be read (logged, never fatal). */
    async listBlogPosts() {
      const body = await call(blogPostListWire, "list_posts", "GET", "/v2/blog-posts");
      const posts: BlogPost[] = [];
      let skipped = 0;
      const list = body.blog_posts;
      for (let i = 0; i < list.length; i++) {
        const parsed = blogPostWire.safeParse(list[i]);
        // Each entry as sent is let go once read: a large blog's parsed JSON need not stay in
        // memory beside the typed posts until the whole list is read.
        list[i] = undefined;
        if (parsed.success) posts.push(parsed.data);
        else skipped++;
      }
      if (skipped) log(`GET /v2/blog-posts: skipped ${skipped} blog post(s) with an unexpected shape`);
      // Newest first whatever order the workspace used (API decision 7); ties keep their order.
      posts.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
      return { blogName: body.blog_name, posts, skipped };
    },

    listBlogSlugs: async (): Promise<string[]> =>
      (await call(slugsWire, "list_post_slugs", "GET", "/v2/blog-posts/slugs")).slugs,

    /** The v1 update: the only way to change `active`. */
    setTeamMemberActive: (id: string, active: boolean) =>
      member("update_member_v1", "PATCH", `/v1/team_members/${encodeURIComponent(id)}`, { active }),

    removeTeamMembersV1: (emails: string[]) =>
      call(messageWire, "remove_members_v1", "DELETE", "/v1/team_members", { body: { emails } }),
  };
  return client;
}

export type WorkspaceClient = ReturnType<typeof createWorkspaceClient>;
