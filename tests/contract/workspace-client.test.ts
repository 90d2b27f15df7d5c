import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEMO_BLOG_NAME,
  DEMO_MEMBERS,
  LOCAL_DEMO_API_KEY,
  LOCAL_EXPIRED_API_KEY,
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { createWorkspaceClient, type WorkspaceClient } from "@/lib/workspace/client";
import { WorkspaceApiError } from "@/lib/workspace/errors";
import * as workspace from "../helpers/workspace-controls";

/* The client against the local workspace over real HTTP: every method, paging, each typed error. */

let ws: LocalWorkspaceServer;
let client: WorkspaceClient;
const ADA = DEMO_MEMBERS[0]!;
const GRACE = DEMO_MEMBERS[1]!;
const LINUS = DEMO_MEMBERS[2]!;

const make = (apiKey = LOCAL_DEMO_API_KEY) =>
  createWorkspaceClient({ apiBase: `${ws.url}/api/external`, apiKey, maxRetries: 0, log: () => {} });

async function failure(promise: Promise<unknown>): Promise<WorkspaceApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkspaceApiError);
  return error as WorkspaceApiError;
}

const outbox = (to: string) => workspace.outbox(ws.url, to);

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  client = make();
});
afterAll(async () => ws.close());
beforeEach(() => ws.workspace.reset());

describe("team members (v2)", () => {
  it("lists a page with domain fields and pagination", async () => {
    const page = await client.listTeamMembers({ page: 1, pageSize: 3 });
    expect(page.members).toHaveLength(3);
    expect(page.pagination).toEqual({
      totalRecords: DEMO_MEMBERS.length,
      totalPages: Math.ceil(DEMO_MEMBERS.length / 3),
      currentPage: 1,
      pageSize: 3,
    });
    const ada = page.members.find((m) => m.email === ADA.email)!;
    expect(ada).toMatchObject({
      id: ADA.id,
      firstName: "Ada",
      lastName: "Admin",
      role: "Admin",
      active: true,
      timeZone: ADA.time_zone,
    });
  });

  it("walks all pages", async () => {
    const all = await client.listAllTeamMembers({ pageSize: 3 });
    expect(all.members.map((m) => m.id).sort()).toEqual(DEMO_MEMBERS.map((m) => m.id).sort());
    expect(all.pagesFetched).toBe(Math.ceil(DEMO_MEMBERS.length / 3));
    expect(all.truncated).toBe(false);
  });

  it("gets, updates and removes a member", async () => {
    expect((await client.getTeamMember(LINUS.id)).email).toBe(LINUS.email);
    const updated = await client.updateTeamMember(LINUS.id, {
      firstName: "Lin",
      timeZone: "Asia/Tokyo",
      role: "Admin",
    });
    expect(updated).toMatchObject({ firstName: "Lin", timeZone: "Asia/Tokyo", role: "Admin" });
    await client.removeTeamMember(LINUS.id);
    expect((await failure(client.getTeamMember(LINUS.id))).code).toBe("not_found");
  });

  it("adds members, with and without invitation emails", async () => {
    const { message } = await client.addTeamMembers({
      emails: ["new.one@example.org"],
      role: "Standard",
      invitedBy: ADA.email,
    });
    expect(message.length).toBeGreaterThan(0);
    expect((await outbox("new.one@example.org")).map((e) => e.kind)).toEqual(["invitation"]);
    await client.addTeamMembers({ emails: ["quiet@example.org"], sendInvitationEmail: false });
    expect(await outbox("quiet@example.org")).toEqual([]);
    const all = await client.listAllTeamMembers();
    expect(all.members.find((m) => m.email === "quiet@example.org")).toMatchObject({
      role: "Standard",
      active: true,
      timeZone: "UTC",
    });
  });

  it("maps refusals to typed errors", async () => {
    expect((await failure(client.getTeamMember("00000000-0000-4000-8000-000000000000"))).code).toBe(
      "not_found",
    );
    const tz = await failure(client.updateTeamMember(LINUS.id, { timeZone: "Mars/Olympus" }));
    expect([tz.code, tz.status]).toEqual(["invalid", 422]);
    expect((await failure(client.updateTeamMember(LINUS.id, { role: "admin" }))).code).toBe("invalid");
    expect((await failure(client.addTeamMembers({ emails: ["not-an-email"] }))).code).toBe("invalid");
    // Make Ada the last admin, then try to remove her.
    await client.setTeamMemberActive(GRACE.id, false);
    const last = await failure(client.removeTeamMember(ADA.id));
    expect(last.code).toBe("last_admin");
    expect(last.message).toBe("Cannot remove the last admin of the workspace");
  });
});

describe("team members (v1)", () => {
  it("deactivates and reactivates through v1 update", async () => {
    expect((await client.setTeamMemberActive(LINUS.id, false)).active).toBe(false);
    expect((await client.getTeamMember(LINUS.id)).active).toBe(false);
    expect((await client.setTeamMemberActive(LINUS.id, true)).active).toBe(true);
  });

  it("removes in bulk by email", async () => {
    await client.addTeamMembers({
      emails: ["v1a@example.org", "v1b@example.org"],
      sendInvitationEmail: false,
    });
    let emails = (await client.listAllTeamMembers()).members.map((m) => m.email);
    expect(emails).toEqual(expect.arrayContaining(["v1a@example.org", "v1b@example.org"]));
    await client.removeTeamMembersV1(["v1a@example.org", "v1b@example.org"]);
    emails = (await client.listAllTeamMembers()).members.map((m) => m.email);
    expect(emails).not.toContain("v1a@example.org");
  });
});

describe("subscribers", () => {
  it("subscribes, and after verification reports already_subscribed", async () => {
    const email = `reader-${Date.now()}@example.org`;
    expect((await client.addSubscriber(email)).message).toMatch(/verif/i);
    const [mail] = await outbox(email);
    expect(mail?.kind).toBe("verification");
    expect((await fetch(mail!.link)).status).toBe(200);
    const e = await failure(client.addSubscriber(email));
    expect(e.code).toBe("already_subscribed");
    expect(e.message).toBe("Email is already subscribed");
  });
});

describe("blog", () => {
  it("lists v2 posts newest first and the same slugs", async () => {
    const list = await client.listBlogPosts();
    expect(list.blogName).toBe(DEMO_BLOG_NAME);
    expect(list.posts.length).toBeGreaterThanOrEqual(12);
    expect(list.skipped).toBe(0);
    const dates = list.posts.map((p) => Date.parse(p.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(await client.listBlogSlugs()).toEqual(list.posts.map((p) => p.slug));
    const post = list.posts[0]!;
    expect(post.authors.length).toBeGreaterThan(0);
    expect(post.coverImageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});

describe("authentication", () => {
  it("an expired key is unauthorized, with the document's text, and is not retried", async () => {
    await workspace.resetStats(ws.url);
    const e = await failure(make(LOCAL_EXPIRED_API_KEY).listBlogSlugs());
    expect([e.code, e.status, e.message]).toEqual([
      "unauthorized",
      401,
      "Could not authenticate, invalid API Key",
    ]);
    expect(e.message).not.toContain(LOCAL_EXPIRED_API_KEY);
    expect((await workspace.stats(ws.url)).total).toBe(1);
  });
});
