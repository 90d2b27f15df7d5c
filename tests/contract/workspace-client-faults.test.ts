import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createWorkspaceClient } from "@/lib/workspace/client";
import { WorkspaceApiError } from "@/lib/workspace/errors";
import { parseRetryAfter } from "@/lib/workspace/transport";
import { json, startFakeUpstream } from "../helpers/fake-upstream";

/*
 * The client against a fake upstream that misbehaves in every way lib/local-workspace/README.md (API decisions) plans for.
 * (tests/contract/workspace-client.test.ts covers the happy paths against the local workspace.)
 */

const KEY = "fake_upstream_key_9f8e7d6c5b4a";
let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
let logs: string[];

const member = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  email: `${id}@acme.test`,
  first_name: "A",
  last_name: "B",
  time_zone: "UTC",
  profile_image_url: null,
  active: true,
  organization_role: "Standard",
  ...extra,
});

function client(overrides: Partial<Parameters<typeof createWorkspaceClient>[0]> = {}) {
  return createWorkspaceClient({
    apiBase: upstream.apiBase,
    apiKey: KEY,
    timeoutMs: 300,
    maxRetries: 2,
    backoffBaseMs: 5,
    log: (line) => logs.push(line),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<WorkspaceApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkspaceApiError);
    const e = error as WorkspaceApiError;
    // The key never leaks into an error.
    expect(`${e.message} ${e.endpoint} ${JSON.stringify(e)}`).not.toContain(KEY);
    return e;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => upstream.close());
beforeEach(() => {
  logs = [];
});

describe("timeouts and retries", () => {
  it("gives up on an upstream that hangs, after the bounded retries, with a timeout error", async () => {
    upstream.reply(() => {
      /* never answers */
    });
    const e = await failure(client().listBlogSlugs());
    expect(e.code).toBe("timeout");
    expect(e.timeoutMs).toBe(300);
    expect(e.status).toBe(0);
    expect(e.message).toContain("/api/external/v2/blog-posts/slugs");
    expect(upstream.received).toHaveLength(3);
  });

  it("honours Retry-After on 429 and then succeeds", async () => {
    const times: number[] = [];
    upstream.reply((_r, res, i) => {
      times.push(Date.now());
      if (i === 0) json(res, 429, { error: "Rate limit exceeded" }, { "Retry-After": "1" });
      else json(res, 200, { slugs: ["a", "b"] });
    });
    expect(await client().listBlogSlugs()).toEqual(["a", "b"]);
    expect(upstream.received).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it("does not sleep through a Retry-After beyond the cap: fails at once and says how long", async () => {
    upstream.reply((_r, res) => json(res, 429, { error: "Rate limit exceeded" }, { "Retry-After": "120" }));
    const e = await failure(client().listBlogSlugs());
    expect(e.code).toBe("rate_limited");
    expect(e.status).toBe(429);
    expect(e.retryAfterSeconds).toBe(120);
    expect(upstream.received).toHaveLength(1);
  });

  it("retries 503 with Retry-After up to the bound, then reports unavailable", async () => {
    upstream.reply((_r, res) => json(res, 503, { error: "Maintenance" }, { "Retry-After": "0" }));
    const e = await failure(client({ maxRetries: 3 }).listBlogPosts());
    expect(e.code).toBe("unavailable");
    expect(e.message).toBe("Maintenance");
    expect(upstream.received).toHaveLength(4);
    expect(logs.some((l) => l.includes("failed after 4 attempts"))).toBe(true);
    expect(logs.join("\n")).not.toContain(KEY);
  });

  it("retries a 502 for a GET but not for a DELETE, which the workspace may have carried out", async () => {
    upstream.reply((_r, res) => json(res, 502, { error: "Bad gateway" }));
    await failure(client().getTeamMember("m1"));
    expect(upstream.received).toHaveLength(3);
    upstream.reply((_r, res) => json(res, 502, { error: "Bad gateway" }));
    const e = await failure(client().removeTeamMember("m1"));
    expect(e.code).toBe("unavailable");
    expect(upstream.received).toHaveLength(1);
  });

  it("retries a DELETE on 503 (not processed) and succeeds on 204", async () => {
    upstream.reply((_r, res, i) => (i === 0 ? json(res, 503, { error: "busy" }) : res.writeHead(204).end()));
    await expect(client().removeTeamMember("m1")).resolves.toBeUndefined();
    expect(upstream.received.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
  });

  it("lets Next's control-flow errors (with a digest) pass through untouched", async () => {
    const signal = Object.assign(new Error("Dynamic server usage"), { digest: "DYNAMIC_SERVER_USAGE" });
    const throwing = createWorkspaceClient({
      apiBase: upstream.apiBase,
      apiKey: KEY,
      fetch: async () => Promise.reject(signal),
      log: () => {},
    });
    await expect(throwing.listBlogSlugs()).rejects.toBe(signal);
  });

  it("reports a refused connection as unreachable", async () => {
    const closed = createWorkspaceClient({
      apiBase: "http://127.0.0.1:1/api/external",
      apiKey: KEY,
      maxRetries: 1,
      backoffBaseMs: 1,
      log: () => {},
    });
    const e = await failure(closed.listBlogSlugs());
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("127.0.0.1:1");
  });
});

describe("garbage answers", () => {
  it("malformed JSON on 200 is a bad_response, not retried", async () => {
    upstream.reply((_r, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{not json"));
    const e = await failure(client().listBlogPosts());
    expect(e.code).toBe("bad_response");
    expect(e.message).toMatch(/malformed JSON/);
    expect(upstream.received).toHaveLength(1);
  });

  it("a wrong shape is a bad_response naming where", async () => {
    upstream.reply((_r, res) => json(res, 200, { team_members: "nope", pagination: {} }));
    const e = await failure(client().listTeamMembers({ page: 1, pageSize: 10 }));
    expect(e.code).toBe("bad_response");
    expect(e.message).toContain("team_members");
  });

  it("skips individual blog posts it cannot read, keeps the rest, and logs it", async () => {
    upstream.reply((_r, res) =>
      json(res, 200, {
        blog_name: "B",
        blog_posts: [
          {
            slug: "ok",
            title: "T",
            publication_date: "2026-01-01T00:00:00Z",
            authors: [],
            page_title: "",
            meta_description: "",
            keywords: [],
            cover_image_url: "",
            thumbnail_image_url: "",
          },
          { slug: 42 },
        ],
      }),
    );
    const list = await client().listBlogPosts();
    expect(list.posts.map((p) => p.slug)).toEqual(["ok"]);
    expect(list.skipped).toBe(1);
    expect(logs.join("\n")).toContain("skipped 1 blog post");
  });

  it.each([
    [{ errors: ["Email is invalid", "Role is unknown"] }, "Email is invalid; Role is unknown"],
    [{ errors: [{ field: "time_zone", message: "is invalid" }] }, "time_zone: is invalid"],
    [{ notice: "Something went sideways" }, "Something went sideways"],
    [{ field_errors: [{ field: "email", message: "is taken" }] }, "email: is taken"],
  ])("reads the message from %j", async (body, message) => {
    upstream.reply((_r, res) => json(res, 422, body));
    const e = await failure(client().updateTeamMember("m1", { timeZone: "Mars/Base" }));
    expect(e.code).toBe("invalid");
    expect(e.message).toBe(message);
  });

  it("recognises the documented texts by content whatever the status", async () => {
    upstream.reply((_r, res) => json(res, 400, { error: "Cannot remove the last admin of the workspace" }));
    expect((await failure(client().removeTeamMember("m1"))).code).toBe("last_admin");
    upstream.reply((_r, res) => json(res, 409, { error: "Email is already subscribed" }));
    expect((await failure(client().addSubscriber("a@b.test"))).code).toBe("already_subscribed");
  });

  it("maps 401 to unauthorized with the document's text", async () => {
    upstream.reply((_r, res) => json(res, 401, { error: "Could not authenticate, invalid API Key" }));
    const e = await failure(client().listBlogSlugs());
    expect(e.code).toBe("unauthorized");
    expect(e.message).toBe("Could not authenticate, invalid API Key");
    expect(upstream.received).toHaveLength(1);
  });
});

describe("paging (API decision 1)", () => {
  it("accepts current_page_number in place of current_page", async () => {
    upstream.reply((_r, res) =>
      json(res, 200, {
        team_members: [member("m1")],
        pagination: { total_records: 1, total_pages: 1, current_page_number: 1, page_size: 30 },
      }),
    );
    const page = await client().listTeamMembers({ page: 1, pageSize: 30 });
    expect(page.pagination).toEqual({ totalRecords: 1, totalPages: 1, currentPage: 1, pageSize: 30 });
    expect(page.members[0]).toMatchObject({
      id: "m1",
      firstName: "A",
      role: "Standard",
      profileImageUrl: null,
    });
  });

  it("walks every page, always sending page_number and page_size", async () => {
    upstream.reply((r, res) => {
      const url = new URL(r.url, "http://x");
      const page = Number(url.searchParams.get("page_number"));
      json(res, 200, {
        team_members: [member(`p${page}a`), member(`p${page}b`)],
        pagination: { total_records: 6, total_pages: 3, current_page: page, page_size: 2 },
      });
    });
    const all = await client().listAllTeamMembers({ pageSize: 2 });
    expect(all.members.map((m) => m.id)).toEqual(["p1a", "p1b", "p2a", "p2b", "p3a", "p3b"]);
    expect(all.truncated).toBe(false);
    expect(upstream.received.map((r) => r.url)).toEqual([
      "/api/external/v2/team-members?page_number=1&page_size=2",
      "/api/external/v2/team-members?page_number=2&page_size=2",
      "/api/external/v2/team-members?page_number=3&page_size=2",
    ]);
  });

  it("stops when a server ignores page_number and repeats the same page", async () => {
    upstream.reply((_r, res) =>
      json(res, 200, {
        team_members: [member("same")],
        pagination: { total_records: 50, total_pages: 50, current_page: 1, page_size: 1 },
      }),
    );
    const all = await client().listAllTeamMembers({ pageSize: 1 });
    expect(all.members.map((m) => m.id)).toEqual(["same"]);
    expect(all.truncated).toBe(true);
    expect(upstream.received).toHaveLength(2);
  });

  it("stops at an empty page even if total_pages says more", async () => {
    upstream.reply((r, res) => {
      const page = Number(new URL(r.url, "http://x").searchParams.get("page_number"));
      json(res, 200, {
        team_members: page === 1 ? [member("only")] : [],
        pagination: { total_records: 9, total_pages: 9, current_page: page, page_size: 1 },
      });
    });
    const all = await client().listAllTeamMembers({ pageSize: 1 });
    expect(all.members).toHaveLength(1);
    expect(all.truncated).toBe(false);
    expect(upstream.received).toHaveLength(2);
  });

  it("fetches pages a few at a time with `concurrency`, in order, never past the announced last page", async () => {
    upstream.reply((r, res) => {
      const page = Number(new URL(r.url, "http://x").searchParams.get("page_number"));
      // Answer later pages sooner, so the order of arrival differs from page order.
      setTimeout(
        () =>
          json(res, 200, {
            team_members: [member(`m${page}`)],
            pagination: { total_records: 10, total_pages: 10, current_page: page, page_size: 1 },
          }),
        (11 - page) * 3,
      );
    });
    const all = await client().listAllTeamMembers({ pageSize: 1, concurrency: 4 });
    expect(all.members.map((m) => m.id)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(all.truncated).toBe(false);
    const pages = upstream.received.map((r) =>
      Number(new URL(r.url, "http://x").searchParams.get("page_number")),
    );
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("with `concurrency`, a server that repeats page 1 costs one window, not every announced page", async () => {
    upstream.reply((_r, res) =>
      json(res, 200, {
        team_members: [member("same")],
        pagination: { total_records: 500, total_pages: 500, current_page: 1, page_size: 1 },
      }),
    );
    const all = await client().listAllTeamMembers({ pageSize: 1, concurrency: 4 });
    expect(all.members.map((m) => m.id)).toEqual(["same"]);
    expect(all.truncated).toBe(true);
    expect(upstream.received).toHaveLength(5);
  });

  it("stops at the page cap", async () => {
    upstream.reply((r, res) => {
      const page = Number(new URL(r.url, "http://x").searchParams.get("page_number"));
      json(res, 200, {
        team_members: [member(`m${page}`)],
        pagination: { total_records: 1000, total_pages: 1000, current_page: page, page_size: 1 },
      });
    });
    const all = await client().listAllTeamMembers({ pageSize: 1, maxPages: 5 });
    expect(all.members).toHaveLength(5);
    expect(all.truncated).toBe(true);
  });
});

describe("exact headers per endpoint", () => {
  const ok = (path: string) => {
    if (path.includes("blog-posts/slugs")) return { slugs: [] };
    if (path.includes("blog")) return { blog_posts: [], blog_name: "B" };
    if (path.includes("page_number"))
      return {
        team_members: [],
        pagination: { total_records: 0, total_pages: 0, current_page: 1, page_size: 30 },
      };
    if (/team[-_]members\/[^?]+/.test(path)) return { team_member: member("m1") };
    return { message: "ok" };
  };
  const cases: Array<
    [string, (c: ReturnType<typeof client>) => Promise<unknown>, string, string, boolean, boolean]
  > = [
    [
      "v2 list members",
      (c) => c.listTeamMembers({ page: 1, pageSize: 30 }),
      "GET",
      "/api/external/v2/team-members?page_number=1&page_size=30",
      true,
      false,
    ],
    ["v2 get member", (c) => c.getTeamMember("m1"), "GET", "/api/external/v2/team-members/m1", true, false],
    [
      "v2 add members",
      (c) => c.addTeamMembers({ emails: ["a@b.test"], sendInvitationEmail: false }),
      "POST",
      "/api/external/v2/team-members",
      true,
      true,
    ],
    [
      "v2 update member",
      (c) => c.updateTeamMember("m1", { firstName: "Z" }),
      "PATCH",
      "/api/external/v2/team-members/m1",
      true,
      true,
    ],
    [
      "v2 remove member",
      (c) => c.removeTeamMember("m1"),
      "DELETE",
      "/api/external/v2/team-members/m1",
      true,
      false,
    ],
    [
      "v2 add subscriber",
      (c) => c.addSubscriber("a@b.test"),
      "POST",
      "/api/external/v2/email-subscriptions",
      false,
      true,
    ],
    ["v2 blog posts", (c) => c.listBlogPosts(), "GET", "/api/external/v2/blog-posts", false, false],
    ["v2 blog slugs", (c) => c.listBlogSlugs(), "GET", "/api/external/v2/blog-posts/slugs", false, false],
    [
      "v1 update member",
      (c) => c.setTeamMemberActive("m1", false),
      "PATCH",
      "/api/external/v1/team_members/m1",
      true,
      true,
    ],
    [
      "v1 remove members",
      (c) => c.removeTeamMembersV1(["a@b.test"]),
      "DELETE",
      "/api/external/v1/team_members",
      true,
      true,
    ],
  ];
  it.each(cases)("%s", async (_name, act, method, url, accept, contentType) => {
    upstream.reply((r, res) =>
      r.method === "DELETE" && r.url.includes("v2") ? res.writeHead(204).end() : json(res, 200, ok(r.url)),
    );
    await act(client());
    expect(upstream.received).toHaveLength(1);
    const got = upstream.received[0]!;
    expect(got.method).toBe(method);
    expect(got.url).toBe(url);
    expect(got.headers["x-api-key"]).toBe(KEY);
    expect(got.headers.accept === "application/json").toBe(accept);
    expect(got.headers["content-type"] === "application/json").toBe(contentType);
    if (contentType) expect(() => JSON.parse(got.body)).not.toThrow();
    else expect(got.body).toBe("");
  });

  it("sends the documented body fields", async () => {
    upstream.reply((_r, res) => json(res, 200, { team_member: member("m1") }));
    await client().updateTeamMember("m1", {
      email: "n@b.test",
      firstName: "N",
      lastName: "M",
      timeZone: "Europe/Paris",
      role: "Admin",
    });
    expect(JSON.parse(upstream.received[0]!.body)).toEqual({
      email: "n@b.test",
      first_name: "N",
      last_name: "M",
      time_zone: "Europe/Paris",
      organization_role: "Admin",
    });
    upstream.reply((_r, res) => json(res, 200, { team_member: member("m1") }));
    await client().setTeamMemberActive("m1", true);
    expect(JSON.parse(upstream.received[0]!.body)).toEqual({ active: true });
    upstream.reply((_r, res) => json(res, 201, { message: "added" }));
    await client().addTeamMembers({
      emails: ["a@b.test"],
      role: "Admin",
      invitedBy: "admin@b.test",
      sendInvitationEmail: false,
    });
    expect(JSON.parse(upstream.received[0]!.body)).toEqual({
      emails: ["a@b.test"],
      organization_role: "Admin",
      invited_by: "admin@b.test",
      send_invitation_email: "false",
    });
  });
});

describe("blog posts are read tolerantly (API decision 7)", () => {
  it("a keywords string is split, an empty page title is the title; newest first", async () => {
    const author = { id: "a1", name: "Ann", profile_image_url: "http://img/a1.png", email: "ann@b.test" };
    upstream.reply((_r, res) =>
      json(res, 200, {
        blog_name: "Journal",
        blog_posts: [
          {
            slug: "old",
            title: "Old",
            publication_date: "2025-01-01T00:00:00Z",
            authors: [author],
            thumbnail_image_url: "",
            page_title: "Old | J",
            meta_description: "d",
            keywords: "Remote Work, C++ ,, Design",
            cover_image_url: "http://img/c.png",
          },
          {
            slug: "new",
            title: "New",
            publication_date: "2026-02-01T00:00:00Z",
            authors: [author],
            thumbnail_image_url: "",
            page_title: "",
            meta_description: "",
            keywords: "",
            cover_image_url: "",
          },
        ],
      }),
    );
    const list = await client().listBlogPosts();
    expect(list.blogName).toBe("Journal");
    expect(list.posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(list.posts[1]).toEqual({
      slug: "old",
      title: "Old",
      publishedAt: "2025-01-01T00:00:00Z",
      authors: [{ id: "a1", name: "Ann", profileImageUrl: "http://img/a1.png", email: "ann@b.test" }],
      pageTitle: "Old | J",
      metaDescription: "d",
      keywords: ["Remote Work", "C++", "Design"],
      coverImageUrl: "http://img/c.png",
      thumbnailImageUrl: "",
    });
    expect(list.posts[0]!.pageTitle).toBe("New");
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates, and ignores nonsense", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
