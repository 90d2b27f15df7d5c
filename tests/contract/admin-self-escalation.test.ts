import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import { DEMO_ADMIN_HASH } from "@/lib/config/schema";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import * as admin from "../helpers/admin-app";
import { clientAddresses } from "../helpers/client-addresses";
import { call, listMembersSchema, memberEnvelopeSchema } from "../helpers/local-workspace-server";
import { ADMIN_SUITE_VARS, localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";
import * as workspace from "../helpers/workspace-controls";

/*
 * An admin the workspace removed, deactivated or demoted cannot restore themself through
 * Masthead, not even while their session still holds the workspace's last answer (an hour here:
 * ADMIN_RECHECK_SECONDS=3600). Through the real route handlers, against a local workspace over
 * HTTP; what "the workspace did" goes straight to its API, and what it holds afterwards is read
 * back from it.
 */

const fixture = localWorkspaceForSuite({ resetBeforeEach: true });
const ADA = DEMO_MEMBERS[0]!; // admin@example.com, active Admin
const GRACE = DEMO_MEMBERS[1]!; // the other active Admin
const LINUS = DEMO_MEMBERS[2]!; // Standard: an admin only where ADMIN_ROLES lists Standard
const LINUS_PASSWORD = "linus's own long password";

let app: admin.App;
let linusHash: string;

async function loadApp(vars: Record<string, string | undefined> = {}): Promise<admin.App> {
  pointAppAtWorkspace(fixture.server, {
    ...ADMIN_SUITE_VARS,
    ADMIN_USERS: `admin@example.com=${DEMO_ADMIN_HASH},${LINUS.email}=${linusHash}`,
    // The window an attacker would use: the session's answer is trusted for an hour.
    ADMIN_RECHECK_SECONDS: "3600",
    ...vars,
  });
  vi.resetModules();
  resetProcessState(); // a restarted instance makes its client from this configuration
  const loaded = await admin.importApp();

  loaded.loginLib.resetLoginLimits();
  return loaded;
}

const freshClient = clientAddresses("198.51.100");
const request = (
  path: string,
  init: Omit<admin.RequestOptions, "ip" | "cookies"> & { cookie?: string } = {},
) => admin.request(path, { ...init, cookies: [init.cookie], ip: freshClient() });

const params = (id: string) => ({ params: Promise.resolve({ id }) });

/** A session opened through the real sign-in, so the workspace's answer is the fresh one it kept. */
const signIn = (email: string, password: string) => admin.signIn(app, email, password, freshClient());

/** What the workspace itself holds for member `id` (null when there is no such member). */
async function inWorkspace(id: string) {
  const res = await call(fixture.server, `/api/external/v2/team-members/${id}`);
  if (res.status === 404) return null;
  expect(res.status, res.text).toBe(200);
  return memberEnvelopeSchema.parse(res.json()).team_member;
}

async function workspaceEmails(): Promise<string[]> {
  const res = await call(fixture.server, "/api/external/v2/team-members?page=1&page_size=100");
  expect(res.status, res.text).toBe(200);
  return listMembersSchema.parse(res.json()).team_members.map((m) => m.email);
}

/** A change made in the workspace itself, not through Masthead. */
async function workspaceDoes(
  id: string,
  change: { active?: boolean; organization_role?: string } | "remove",
): Promise<void> {
  const res =
    change === "remove"
      ? await call(fixture.server, `/api/external/v2/team-members/${id}`, { method: "DELETE" })
      : await call(
          fixture.server,
          change.active !== undefined
            ? `/api/external/v1/team_members/${id}`
            : `/api/external/v2/team-members/${id}`,
          { method: "PATCH", body: change },
        );
  expect(res.status, res.text).toBeLessThan(300);
}

const listStatus = async (cookie: string) =>
  (await app.list.GET(request("/api/admin/team-members", { cookie }))).status;

async function expectEnded(res: Response, cookie: string): Promise<void> {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    code: "not_admin",
    error: expect.stringMatching(/^Your workspace account is no longer an active admin/),
  });
  // Ended for good, not refused once.
  expect(await listStatus(cookie)).toBe(401);
}

beforeAll(async () => {
  linusHash = hashPassword(LINUS_PASSWORD);
  app = await loadApp();
});

beforeEach(() => {
  app.loginLib.resetLoginLimits();
});

describe("a removed, deactivated or demoted admin cannot restore themself within the recheck window", () => {
  it("deactivated in the workspace: PUT of their own activation { active: true } is refused, still inactive", async () => {
    const session = await signIn(ADA.email, "masthead-demo");
    expect(await listStatus(session)).toBe(200);
    await workspaceDoes(ADA.id, { active: false });

    const res = await app.activation.PUT(
      request(`/api/admin/team-members/${ADA.id}/activation`, {
        method: "PUT",
        body: { active: true },
        cookie: session,
      }),
      params(ADA.id),
    );
    await expectEnded(res, session);
    expect((await inWorkspace(ADA.id))?.active).toBe(false);
  });

  it("demoted in the workspace: PATCH of their own role back to Admin is refused, still Standard", async () => {
    const session = await signIn(ADA.email, "masthead-demo");
    expect(await listStatus(session)).toBe(200);
    await workspaceDoes(ADA.id, { organization_role: "Standard" });

    const res = await app.one.PATCH(
      request(`/api/admin/team-members/${ADA.id}`, {
        method: "PATCH",
        body: { role: "Admin" },
        cookie: session,
      }),
      params(ADA.id),
    );
    await expectEnded(res, session);
    expect((await inWorkspace(ADA.id))?.organization_role).toBe("Standard");
  });

  it("removed from the workspace: inviting their own email as Admin is refused, still no such member", async () => {
    const session = await signIn(ADA.email, "masthead-demo");
    expect(await listStatus(session)).toBe(200);
    await workspaceDoes(ADA.id, "remove");

    const res = await app.list.POST(
      request("/api/admin/team-members", {
        method: "POST",
        body: { emails: [ADA.email], role: "Admin", sendInvitationEmail: false },
        cookie: session,
      }),
    );
    await expectEnded(res, session);
    expect(await workspaceEmails()).not.toContain(ADA.email);
  });

  it("every other write is refused too: another member's details, activation, removal, a bulk action, a blog refresh", async () => {
    const writes: [string, (cookie: string) => Promise<Response>][] = [
      [
        "PATCH another member",
        (cookie) =>
          app.one.PATCH(
            request(`/api/admin/team-members/${GRACE.id}`, {
              method: "PATCH",
              body: { firstName: "Changed" },
              cookie,
            }),
            params(GRACE.id),
          ),
      ],
      [
        "deactivate another member",
        (cookie) =>
          app.activation.PUT(
            request(`/api/admin/team-members/${GRACE.id}/activation`, {
              method: "PUT",
              body: { active: false },
              cookie,
            }),
            params(GRACE.id),
          ),
      ],
      [
        "remove another member",
        (cookie) =>
          app.one.DELETE(
            request(`/api/admin/team-members/${LINUS.id}`, { method: "DELETE", cookie }),
            params(LINUS.id),
          ),
      ],
      [
        "bulk deactivate",
        (cookie) =>
          app.bulk.POST(
            request("/api/admin/team-members/bulk", {
              method: "POST",
              body: { action: "deactivate", ids: [GRACE.id, LINUS.id] },
              cookie,
            }),
          ),
      ],
      [
        "refresh the blog",
        (cookie) => app.refresh.POST(request("/api/admin/blog/refresh", { method: "POST", cookie })),
      ],
    ];
    for (const [what, write] of writes) {
      const session = await signIn(ADA.email, "masthead-demo");
      expect(await listStatus(session), what).toBe(200);
      await workspaceDoes(ADA.id, { active: false });
      try {
        const res = await write(session);
        expect(res.status, what).toBe(401);
        expect(await res.json(), what).toMatchObject({ code: "not_admin" });
      } finally {
        await workspaceDoes(ADA.id, { active: true });
      }
    }
    expect(await inWorkspace(GRACE.id)).toMatchObject({ first_name: GRACE.first_name, active: true });
    expect(await inWorkspace(LINUS.id)).toMatchObject({ active: true });
  });
});

describe("an admin in good standing cannot raise or restore their own access either", () => {
  it("their own activation, role and invite are refused with a reason; names and time zone still change", async () => {
    // Standard counts as an admin role here, so Admin would be a raise for Linus.
    app = await loadApp({ ADMIN_ROLES: "Admin,Standard" });
    try {
      const session = await signIn(LINUS.email, LINUS_PASSWORD);
      const refusals: [string, Promise<Response>][] = [
        [
          "reactivate themself",
          app.activation.PUT(
            request(`/api/admin/team-members/${LINUS.id}/activation`, {
              method: "PUT",
              body: { active: true },
              cookie: session,
            }),
            params(LINUS.id),
          ),
        ],
        [
          "give themself Admin",
          app.one.PATCH(
            request(`/api/admin/team-members/${LINUS.id}`, {
              method: "PATCH",
              body: { role: "Admin" },
              cookie: session,
            }),
            params(LINUS.id),
          ),
        ],
        [
          "invite their own email (another case) with another",
          app.list.POST(
            request("/api/admin/team-members", {
              method: "POST",
              body: {
                emails: ["new.person@example.com", LINUS.email.toUpperCase()],
                role: "Admin",
                sendInvitationEmail: false,
              },
              cookie: session,
            }),
          ),
        ],
      ];
      for (const [what, pending] of refusals) {
        const res = await pending;
        expect(res.status, what).toBe(403);
        const body = (await res.json()) as { error: string; code: string };
        expect(body.code, what).toBe("own_account");
        expect(body.error, what).toMatch(/^You cannot .* your own|^You cannot .*yourself/);
      }
      expect(await inWorkspace(LINUS.id)).toMatchObject({ organization_role: "Standard", active: true });
      expect(await workspaceEmails()).not.toContain("new.person@example.com");

      // Their own name, and a role sent unchanged (a whole form saved), are not access.
      const own = await app.one.PATCH(
        request(`/api/admin/team-members/${LINUS.id}`, {
          method: "PATCH",
          body: { firstName: "Linus B.", role: "Standard" },
          cookie: session,
        }),
        params(LINUS.id),
      );
      expect(own.status).toBe(200);
      expect(await inWorkspace(LINUS.id)).toMatchObject({
        first_name: "Linus B.",
        organization_role: "Standard",
      });
      // Still signed in: nothing above ended the session.
      expect(await listStatus(session)).toBe(200);
    } finally {
      app = await loadApp();
    }
  });

  it("a write while the workspace cannot say whether they are still an admin: refused (503), nothing written, session kept", async () => {
    const session = await signIn(ADA.email, "masthead-demo");
    await workspace.setFault(fixture.server.url, {
      mode: "status",
      status: 503,
      pathPrefix: "/api/external/v2/team-members",
    });
    let res: Response;
    try {
      res = await app.activation.PUT(
        request(`/api/admin/team-members/${GRACE.id}/activation`, {
          method: "PUT",
          body: { active: false },
          cookie: session,
        }),
        params(GRACE.id),
      );
    } finally {
      await workspace.setFault(fixture.server.url, null);
    }
    // The answer the write itself would have had from a workspace that is down.
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: "unavailable",
      error: expect.stringMatching(/workspace is down or unavailable/),
    });
    expect((await inWorkspace(GRACE.id))?.active).toBe(true);
    expect(await listStatus(session)).toBe(200);
  });
});
