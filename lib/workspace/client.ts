import "server-only";
import type { z } from "zod";
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
import type {
  AllTeamMembers,
  BlogPost,
  BlogPostList,
  NewTeamMembers,
  TeamMember,
  TeamMemberChanges,
  TeamMemberPage,
} from "./types";

export type WorkspaceClientOptions = TransportOptions;
export type TeamMemberPageParams = { page: number; pageSize: number };
export type AllTeamMembersParams = { pageSize?: number; maxPages?: number; concurrency?: number };

const memberPath = (id: string) => `/v2/team-members/${encodeURIComponent(id)}`;

/**
 * The endpoints of the external API the site uses, each with exactly the headers the document
 * lists: Accept only where it is required (team members, v1 update and remove), never on the
 * blog or subscriber endpoints.
 */
export function createWorkspaceClient(options: WorkspaceClientOptions) {
  const send = createTransport(options);
  const log = options.log ?? logLine("workspace");
  /** `req` sent, and its answer's body as `schema` read it. */
  const call = async <S extends z.ZodType>(req: WorkspaceRequest, schema: S) =>
    (await send(req, schema)).body as z.output<S>;
  const member = async (req: WorkspaceRequest) => (await call(req, teamMemberEnvelopeWire)).team_member;

  const client = {
    async listTeamMembers(params: TeamMemberPageParams): Promise<TeamMemberPage> {
      const body = await call(
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
    },

    /**
     * Every member, page by page (lib/local-workspace/README.md, API decision 1): stops at the
     * last page, at an empty page, at `maxPages`, or when a page repeats ids already seen (a
     * server ignoring page_number). With `concurrency` > 1, pages after the first are fetched
     * that many at a time (10,000 members are 100 round trips to a remote workspace), never past
     * the last page the workspace announced, and each window is checked in page order with the
     * same guards.
     */
    async listAllTeamMembers(params: AllTeamMembersParams = {}): Promise<AllTeamMembers> {
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

    getTeamMember: (id: string) =>
      member({
        operation: "get_member",
        method: "GET",
        path: memberPath(id),
        accept: true,
        retry: "idempotent",
      }),

    // Adding an existing member is skipped by the workspace, so a retry cannot duplicate.
    addTeamMembers: (input: NewTeamMembers) =>
      call(
        {
          operation: "add_members",
          method: "POST",
          path: "/v2/team-members",
          body: {
            emails: input.emails,
            organization_role: input.role,
            invited_by: input.invitedBy,
            // The document types this flag as the strings "true" / "false".
            send_invitation_email:
              input.sendInvitationEmail === undefined ? undefined : String(input.sendInvitationEmail),
          },
          accept: true,
          retry: "idempotent",
        },
        messageWire,
      ),

    updateTeamMember: (id: string, changes: TeamMemberChanges) =>
      member({
        operation: "update_member",
        method: "PATCH",
        path: memberPath(id),
        body: changesToWire(changes),
        accept: true,
        retry: "idempotent",
      }),

    async removeTeamMember(id: string): Promise<void> {
      await send({
        operation: "remove_member",
        method: "DELETE",
        path: memberPath(id),
        accept: true,
        retry: "unprocessed",
      });
    },

    addSubscriber: (email: string) =>
      call(
        {
          operation: "subscribe",
          method: "POST",
          path: "/v2/email-subscriptions",
          body: { email },
          accept: false,
          retry: "unprocessed",
        },
        messageWire,
      ),

    async listBlogPosts(): Promise<BlogPostList> {
      const body = await call(
        {
          operation: "list_posts",
          method: "GET",
          path: "/v2/blog-posts",
          accept: false,
          retry: "idempotent",
        },
        blogPostListWire,
      );
      const posts: BlogPost[] = [];
      let skipped = 0;
      const list = body.blog_posts;
      for (let i = 0; i < list.length; i++) {
        const parsed = blogPostWire.safeParse(list[i]);
        // Each entry as sent is let go once read: a large blog's parsed JSON, larger than the typed
        // posts, need not stay in memory beside them until the whole list is read.
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
      (
        await call(
          {
            operation: "list_post_slugs",
            method: "GET",
            path: "/v2/blog-posts/slugs",
            accept: false,
            retry: "idempotent",
          },
          slugsWire,
        )
      ).slugs,

    /** v1 update: the only way to change `active`. */
    updateTeamMemberV1: (id: string, changes: TeamMemberChanges & { active?: boolean }) =>
      member({
        operation: "update_member_v1",
        method: "PATCH",
        path: `/v1/team_members/${encodeURIComponent(id)}`,
        body: { ...changesToWire(changes), active: changes.active },
        accept: true,
        retry: "idempotent",
      }),
    setTeamMemberActive: (id: string, active: boolean) => client.updateTeamMemberV1(id, { active }),

    removeTeamMembersV1: (emails: string[]) =>
      call(
        {
          operation: "remove_members_v1",
          method: "DELETE",
          path: "/v1/team_members",
          body: { emails },
          accept: true,
          retry: "unprocessed",
        },
        messageWire,
      ),
  };
  return client;
}

/** Unset changes stay unsent (JSON.stringify drops undefined). */
function changesToWire(changes: TeamMemberChanges) {
  return {
    email: changes.email,
    first_name: changes.firstName,
    last_name: changes.lastName,
    time_zone: changes.timeZone,
    organization_role: changes.role,
  };
}

export type WorkspaceClient = ReturnType<typeof createWorkspaceClient>;
