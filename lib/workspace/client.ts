import "server-only";
import type { z } from "zod";
import { logLine } from "../observability/log.mjs";
import {
  blogPostListWire,
  blogPostV1Wire,
  blogPostV2Wire,
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
  Message,
  NewTeamMembers,
  TeamMember,
  TeamMemberChanges,
  TeamMemberPage,
} from "./types";

export type WorkspaceClientOptions = TransportOptions;

/** Every endpoint of the external API, v2 and v1, with exactly the headers each documents. */
export function createWorkspaceClient(options: WorkspaceClientOptions) {
  const send = createTransport(options);
  const log = options.log ?? logLine("workspace");

  async function call<S extends z.ZodType>(req: WorkspaceRequest, schema: S): Promise<z.output<S>> {
    return (await send(req, schema)).body as z.output<S>;
  }

  const memberPath = (id: string) => `/v2/team-members/${encodeURIComponent(id)}`;

  function readPosts(
    body: z.output<typeof blogPostListWire>,
    entry: typeof blogPostV2Wire | typeof blogPostV1Wire,
    path: string,
  ): BlogPostList {
    const posts: BlogPost[] = [];
    let skipped = 0;
    const list = body.blog_posts;
    for (let i = 0; i < list.length; i++) {
      const parsed = entry.safeParse(list[i]);
      // Each entry as sent is let go once read: a large blog's parsed JSON (~2 KB a post) need
      // not stay in memory beside the typed posts until the whole list is read.
      list[i] = undefined;
      if (parsed.success) posts.push(parsed.data);
      else skipped++;
    }
    if (skipped) log(`GET ${path}: skipped ${skipped} blog post(s) with an unexpected shape`);
    // Newest first whatever order the workspace used (lib/local-workspace/README.md, API decision 7); ties keep their order.
    posts.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
    return { blogName: body.blog_name, posts, skipped };
  }

  const client = {
    // ---- v2 team members ----
    async listTeamMembers(params: { page: number; pageSize: number }): Promise<TeamMemberPage> {
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
     * Every member, page by page (lib/local-workspace/README.md, API decision 1): stops at the last page, at an empty
     * page, at `maxPages`, or when a page repeats ids already seen (a server ignoring page_number).
     * With `concurrency` > 1, pages after the first are fetched that many at a time (10,000
     * members are 100 round trips to a remote workspace), never past the last page the
     * workspace announced, and each window is checked in page order with the same guards.
     */
    async listAllTeamMembers(
      params: { pageSize?: number; maxPages?: number; concurrency?: number } = {},
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

    async getTeamMember(id: string): Promise<TeamMember> {
      const body = await call(
        { operation: "get_member", method: "GET", path: memberPath(id), accept: true, retry: "idempotent" },
        teamMemberEnvelopeWire,
      );
      return body.team_member;
    },

    async addTeamMembers(input: NewTeamMembers): Promise<Message> {
      const body: Record<string, unknown> = { emails: input.emails };
      if (input.role !== undefined) body.organization_role = input.role;
      if (input.invitedBy !== undefined) body.invited_by = input.invitedBy;
      // The document types this flag as the strings "true" / "false".
      if (input.sendInvitationEmail !== undefined)
        body.send_invitation_email = String(input.sendInvitationEmail);
      // Adding an existing member is skipped by the workspace, so a retry cannot duplicate.
      return call(
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
    },

    async updateTeamMember(id: string, changes: TeamMemberChanges): Promise<TeamMember> {
      const body = await call(
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
    },

    async removeTeamMember(id: string): Promise<void> {
      await send({
        operation: "remove_member",
        method: "DELETE",
        path: memberPath(id),
        accept: true,
        retry: "unprocessed",
      });
    },

    // ---- v2 subscribers and blog ----
    async addSubscriber(email: string): Promise<Message> {
      // Accept is not listed for this endpoint, so it is not sent.
      return call(
        {
          operation: "subscribe",
          method: "POST",
          path: "/v2/email-subscriptions",
          body: { email },
          accept: false,
          retry: "unprocessed",
        },
        messageWire,
      );
    },

    async listBlogPosts(opts: { nextCache?: WorkspaceRequest["nextCache"] } = {}): Promise<BlogPostList> {
      const body = await call(
        {
          operation: "list_posts",
          method: "GET",
          path: "/v2/blog-posts",
          accept: false,
          retry: "idempotent",
          nextCache: opts.nextCache,
        },
        blogPostListWire,
      );
      return readPosts(body, blogPostV2Wire, "/v2/blog-posts");
    },

    async listBlogSlugs(opts: { nextCache?: WorkspaceRequest["nextCache"] } = {}): Promise<string[]> {
      const body = await call(
        {
          operation: "list_post_slugs",
          method: "GET",
          path: "/v2/blog-posts/slugs",
          accept: false,
          retry: "idempotent",
          nextCache: opts.nextCache,
        },
        slugsWire,
      );
      return body.slugs;
    },

    // ---- v1 ----
    /** v1 update: the only way to change `active`. */
    async updateTeamMemberV1(
      id: string,
      changes: TeamMemberChanges & { active?: boolean },
    ): Promise<TeamMember> {
      const wire = changesToWire(changes);
      if (changes.active !== undefined) wire.active = changes.active;
      const body = await call(
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
    },

    async setTeamMemberActive(id: string, active: boolean): Promise<TeamMember> {
      return client.updateTeamMemberV1(id, { active });
    },

    async addTeamMembersV1(input: Omit<NewTeamMembers, "sendInvitationEmail">): Promise<Message> {
      const body: Record<string, unknown> = { emails: input.emails };
      if (input.role !== undefined) body.organization_role = input.role;
      if (input.invitedBy !== undefined) body.invited_by = input.invitedBy;
      // v1 add does not list Accept as required.
      return call(
        {
          operation: "add_members_v1",
          method: "POST",
          path: "/v1/team_members",
          body,
          accept: false,
          retry: "idempotent",
        },
        messageWire,
      );
    },

    async removeTeamMembersV1(emails: string[]): Promise<Message> {
      return call(
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
    },

    async listBlogPostsV1(): Promise<BlogPostList> {
      const body = await call(
        {
          operation: "list_posts_v1",
          method: "GET",
          path: "/v1/blog_posts",
          accept: false,
          retry: "idempotent",
        },
        blogPostListWire,
      );
      return readPosts(body, blogPostV1Wire, "/v1/blog_posts");
    },
  };
  return client;
}

export type WorkspaceClient = ReturnType<typeof createWorkspaceClient>;

function changesToWire(changes: TeamMemberChanges): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if (changes.email !== undefined) wire.email = changes.email;
  if (changes.firstName !== undefined) wire.first_name = changes.firstName;
  if (changes.lastName !== undefined) wire.last_name = changes.lastName;
  if (changes.timeZone !== undefined) wire.time_zone = changes.timeZone;
  if (changes.role !== undefined) wire.organization_role = changes.role;
  return wire;
}
