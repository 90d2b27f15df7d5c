import { describe, expect, it } from "vitest";
import { DEMO_MEMBERS, LAST_ADMIN_ERROR, LOCAL_ACME_API_KEY } from "@/lib/local-workspace";
import {
  call,
  expectError,
  listMembersSchema,
  memberEnvelopeSchema,
  messageSchema,
  readOutbox,
} from "../helpers/local-workspace-server";
import { localWorkspaceForSuite } from "../helpers/workspace-fixture";

const V2 = "/api/external/v2/team-members";
const V1 = "/api/external/v1/team_members";
const NOT_FOUND = "Team member not found";

const ADA = DEMO_MEMBERS.find((m) => m.email === "admin@example.com")!;
const GRACE = DEMO_MEMBERS.find((m) => m.email === "grace.okafor@example.com")!;
const LINUS = DEMO_MEMBERS.find((m) => m.email === "linus.berg@example.com")!;
const TOM = DEMO_MEMBERS.find((m) => !m.active)!;

const fixture = localWorkspaceForSuite({ resetBeforeEach: true });

async function listAll() {
  const r = await call(fixture.server, `${V2}?page_number=1&page_size=1000`);
  expect(r.status).toBe(200);
  return listMembersSchema.parse(r.json()).team_members;
}

async function getMember(id: string) {
  const r = await call(fixture.server, `${V2}/${id}`);
  expect(r.status).toBe(200);
  return memberEnvelopeSchema.parse(r.json()).team_member;
}

describe("v2 list team members", () => {
  it("defaults to page 1 of 30 with pagination metadata (API decision 1)", async () => {
    const r = await call(fixture.server, V2);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    const body = listMembersSchema.parse(r.json());
    expect(body.pagination).toEqual({
      total_records: DEMO_MEMBERS.length,
      total_pages: 1,
      current_page: 1,
      page_size: 30,
    });
    expect(body.team_members.map((m) => m.id)).toEqual(DEMO_MEMBERS.map((m) => m.id));
  });

  it("serves the documented demo team: Ada the admin, two active admins, exactly one inactive member", async () => {
    const members = await listAll();
    const ada = members.find((m) => m.email === "admin@example.com");
    expect(ada).toMatchObject({
      first_name: "Ada",
      last_name: "Admin",
      organization_role: "Admin",
      active: true,
    });
    expect(members.filter((m) => m.active && m.organization_role === "Admin").length).toBeGreaterThanOrEqual(
      2,
    );
    expect(members.filter((m) => !m.active)).toHaveLength(1);
    expect(members.filter((m) => m.organization_role === "Standard").length).toBeGreaterThanOrEqual(3);
    for (const m of members)
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: m.time_zone })).not.toThrow();
    expect(new Set(members.map((m) => m.time_zone)).size).toBeGreaterThan(3);
  });

  it("returns absolute avatar URLs on the caller's origin, or null", async () => {
    const members = await listAll();
    const withImage = members.filter((m) => m.profile_image_url !== null);
    expect(withImage.length).toBeGreaterThan(0);
    expect(members.some((m) => m.profile_image_url === null)).toBe(true);
    for (const m of withImage)
      expect(m.profile_image_url).toBe(
        `http://127.0.0.1:${fixture.server.port}/__local/images/avatars/${m.id}.png`,
      );
  });

  it("pages through all members in a stable order without repeats", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = listMembersSchema.parse(
        (await call(fixture.server, `${V2}?page_number=${page}&page_size=3`)).json(),
      );
      expect(body.pagination).toEqual({ total_records: 8, total_pages: 3, current_page: page, page_size: 3 });
      expect(body.team_members).toHaveLength(page < 3 ? 3 : 2);
      seen.push(...body.team_members.map((m) => m.id));
    }
    expect(seen).toEqual(DEMO_MEMBERS.map((m) => m.id));
  });

  it("answers a page past the end with 200, an empty array and correct pagination", async () => {
    const r = await call(fixture.server, `${V2}?page_number=5&page_size=3`);
    expect(r.status).toBe(200);
    expect(listMembersSchema.parse(r.json())).toEqual({
      team_members: [],
      pagination: { total_records: 8, total_pages: 3, current_page: 5, page_size: 3 },
    });
  });

  it.each([
    ["page_number=0", /page_number/],
    ["page_number=-1", /page_number/],
    ["page_number=abc", /page_number/],
    ["page_number=1.5", /page_number/],
    ["page_number=", /page_number/],
    ["page_size=0", /page_size/],
    ["page_size=1001", /page_size/],
    ["page_size=ten", /page_size/],
  ])("rejects %s with 422", async (qs, text) => {
    expectError(await call(fixture.server, `${V2}?${qs}`), 422, text);
  });

  it("lists only the workspace of the Host subdomain (API decision 10)", async () => {
    const r = await call(fixture.server, V2, { workspace: "acme", key: LOCAL_ACME_API_KEY });
    const body = listMembersSchema.parse(r.json());
    expect(body.pagination.total_records).toBe(2);
    expect(body.team_members.map((m) => m.email).sort()).toEqual(["amelia@acme.example", "bob@acme.example"]);
  });
});

describe("v2 get team member", () => {
  it("returns { team_member }", async () => {
    const m = await getMember(LINUS.id);
    expect(m).toEqual({
      id: LINUS.id,
      email: LINUS.email,
      first_name: "Linus",
      last_name: "Berg",
      time_zone: "Europe/Stockholm",
      profile_image_url: `http://127.0.0.1:${fixture.server.port}/__local/images/avatars/${LINUS.id}.png`,
      active: true,
      organization_role: "Standard",
    });
  });

  it("accepts an upper-case uuid", async () => {
    expect((await getMember(LINUS.id.toUpperCase())).id).toBe(LINUS.id);
  });

  it.each([
    ["an unknown uuid", "00000000-0000-4000-8000-000000000000"],
    ["a non-uuid id", "not-a-uuid"],
    ["a member of another workspace", "a0c3e7d1-5b2f-4c8e-9a61-000000000001"],
  ])("404s for %s", async (_, id) => {
    expectError(await call(fixture.server, `${V2}/${id}`), 404, NOT_FOUND);
  });
});

describe("v2 add team members", () => {
  it("creates members with the documented defaults and answers 201 { message }", async () => {
    const r = await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["New.Person@Example.com", "second@example.org"] },
    });
    expect(r.status).toBe(201);
    messageSchema.parse(r.json());
    const members = await listAll();
    expect(members).toHaveLength(10);
    const added = members.slice(-2);
    expect(added.map((m) => m.email)).toEqual(["new.person@example.com", "second@example.org"]);
    for (const m of added) {
      expect(m).toMatchObject({
        first_name: "",
        last_name: "",
        time_zone: "UTC",
        organization_role: "Standard",
        active: true,
        profile_image_url: null,
      });
      expect(await getMember(m.id)).toEqual(m);
    }
  });

  it("is idempotent: existing emails (any case) are skipped and it still succeeds (API decision 4)", async () => {
    const r = await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["ADMIN@example.com", "fresh@example.com", "fresh@example.com"] },
    });
    expect(r.status).toBe(201);
    expect(messageSchema.parse(r.json()).message).toMatch(/admin@example\.com/);
    const again = await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["fresh@example.com"] },
    });
    expect(again.status).toBe(201);
    const members = await listAll();
    expect(members).toHaveLength(9);
    expect(members.filter((m) => m.email === "fresh@example.com")).toHaveLength(1);
    expect(members.find((m) => m.email === "admin@example.com")?.organization_role).toBe("Admin");
  });

  it("applies organization_role, case sensitively", async () => {
    expect(
      (
        await call(fixture.server, V2, {
          method: "POST",
          body: { emails: ["boss@example.com"], organization_role: "Admin" },
        })
      ).status,
    ).toBe(201);
    expect((await listAll()).find((m) => m.email === "boss@example.com")?.organization_role).toBe("Admin");
    expectError(
      await call(fixture.server, V2, {
        method: "POST",
        body: { emails: ["x@example.com"], organization_role: "admin" },
      }),
      422,
      /organization_role/,
    );
    expectError(
      await call(fixture.server, V2, {
        method: "POST",
        body: { emails: ["x@example.com"], organization_role: "Owner" },
      }),
      422,
      /organization_role/,
    );
    expect(await listAll()).toHaveLength(9);
  });

  it.each([
    ["an invalid address", { emails: ["ok@example.com", "not-an-email"] }],
    ["an address with spaces", { emails: ["a b@example.com"] }],
    ["a non-string entry", { emails: [42] }],
    ["an empty list", { emails: [] }],
    ["a missing list", {}],
    ["a string instead of a list", { emails: "a@example.com" }],
  ])("rejects %s with 422 and adds nobody", async (_, body) => {
    expectError(await call(fixture.server, V2, { method: "POST", body }), 422, /email/i);
    expect(await listAll()).toHaveLength(8);
  });

  it("defaults invited_by to the most recently added active admin", async () => {
    await call(fixture.server, V2, { method: "POST", body: { emails: ["one@example.com"] } });
    let mail = (await readOutbox(fixture.server, { to: "one@example.com" })).emails;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("Grace Okafor");
    // A newer admin becomes the default inviter.
    await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["newadmin@example.com"], organization_role: "Admin" },
    });
    await call(fixture.server, V2, { method: "POST", body: { emails: ["two@example.com"] } });
    mail = (await readOutbox(fixture.server, { to: "two@example.com" })).emails;
    expect(mail[0]!.subject).toContain("newadmin@example.com");
  });

  it("accepts invited_by naming an active admin (any case) and refuses anyone else with 422", async () => {
    const ok = await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["a1@example.com"], invited_by: "ADMIN@example.com" },
    });
    expect(ok.status).toBe(201);
    expect((await readOutbox(fixture.server, { to: "a1@example.com" })).emails[0]!.subject).toContain(
      "Ada Admin",
    );
    for (const invitedBy of [LINUS.email, "stranger@example.com", "not-an-email", 5]) {
      expectError(
        await call(fixture.server, V2, {
          method: "POST",
          body: { emails: ["a2@example.com"], invited_by: invitedBy },
        }),
        422,
        /invited_by/,
      );
    }
    // A deactivated admin can no longer invite.
    await call(fixture.server, `${V1}/${GRACE.id}`, { method: "PATCH", body: { active: false } });
    expectError(
      await call(fixture.server, V2, {
        method: "POST",
        body: { emails: ["a3@example.com"], invited_by: GRACE.email },
      }),
      422,
      /invited_by/,
    );
    expect((await listAll()).map((m) => m.email)).not.toContain("a2@example.com");
  });

  it('sends invitation emails unless send_invitation_email is the string "false"', async () => {
    await call(fixture.server, V2, { method: "POST", body: { emails: ["default@example.com"] } });
    await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["yes@example.com"], send_invitation_email: "true" },
    });
    await call(fixture.server, V2, {
      method: "POST",
      body: { emails: ["no@example.com"], send_invitation_email: "false" },
    });
    const out = await readOutbox(fixture.server);
    expect(out.emails.map((e) => e.to)).toEqual(["yes@example.com", "default@example.com"]);
    expect(out.emails.every((e) => e.kind === "invitation")).toBe(true);
    expect((await listAll()).map((m) => m.email)).toContain("no@example.com");
  });

  it.each([["yes"], [true], [false], [""]])("rejects send_invitation_email %j with 422", async (value) => {
    expectError(
      await call(fixture.server, V2, {
        method: "POST",
        body: { emails: ["x@example.com"], send_invitation_email: value },
      }),
      422,
      /send_invitation_email/,
    );
  });

  it("records no invitation for skipped existing members", async () => {
    await call(fixture.server, V2, { method: "POST", body: { emails: [LINUS.email] } });
    expect((await readOutbox(fixture.server)).emails).toHaveLength(0);
  });

  it("serves the invitation link as an HTML page", async () => {
    await call(fixture.server, V2, { method: "POST", body: { emails: ["invitee@example.com"] } });
    const [mail] = (await readOutbox(fixture.server)).emails;
    const link = new URL(mail!.link);
    expect(link.origin).toBe(`http://127.0.0.1:${fixture.server.port}`);
    expect(link.pathname).toMatch(/^\/__local\/invitations\/[\w-]+$/);
    const page = await call(fixture.server, link.pathname, { key: null, accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain("invitee@example.com");
    expect((await call(fixture.server, "/__local/invitations/nope", { key: null })).status).toBe(404);
  });
});

describe("v2 update team member", () => {
  it("updates the documented fields and returns { team_member }", async () => {
    const patch = {
      first_name: "Lin",
      last_name: "Bergström",
      time_zone: "Asia/Kolkata",
      email: "LIN@Example.com",
      organization_role: "Admin",
    };
    const r = await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH", body: patch });
    expect(r.status).toBe(200);
    const m = memberEnvelopeSchema.parse(r.json()).team_member;
    expect(m).toMatchObject({ ...patch, email: "lin@example.com", id: LINUS.id, active: true });
    expect(await getMember(LINUS.id)).toEqual(m);
  });

  it("accepts an empty object and leaves the member unchanged; ignores unknown fields", async () => {
    const before = await getMember(LINUS.id);
    expect(
      memberEnvelopeSchema.parse(
        (await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH", body: {} })).json(),
      ).team_member,
    ).toEqual(before);
    const r = await call(fixture.server, `${V2}/${LINUS.id}`, {
      method: "PATCH",
      body: { nickname: "L", first_name: "Lars" },
    });
    expect(r.status).toBe(200);
    expect(memberEnvelopeSchema.parse(r.json()).team_member.first_name).toBe("Lars");
  });

  it("accepts time zone aliases Intl knows (API decision 6)", async () => {
    for (const tz of ["US/Pacific", "Etc/GMT+5", "UTC"]) {
      const r = await call(fixture.server, `${V2}/${LINUS.id}`, {
        method: "PATCH",
        body: { time_zone: tz },
      });
      expect(r.status).toBe(200);
    }
  });

  it.each([
    ["an invalid time zone", { time_zone: "Mars/Olympus_Mons" }, /time_zone/],
    ["an empty time zone", { time_zone: "" }, /time_zone/],
    ["an unknown role", { organization_role: "Owner" }, /organization_role/],
    ["a wrong-case role", { organization_role: "standard" }, /organization_role/],
    ["an invalid email", { email: "nope@" }, /email/i],
    ["another member's email", { email: "ADMIN@example.com" }, /already used/],
    ["a non-string name", { first_name: 7 }, /first_name/],
    ["active (v2 does not accept it)", { active: false }, /v1/],
  ])("rejects %s with 422", async (_, body, text) => {
    expectError(await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH", body }), 422, text);
    expect(await getMember(LINUS.id)).toMatchObject({
      email: LINUS.email,
      time_zone: LINUS.time_zone,
      active: true,
    });
  });

  it("refuses to demote the last active admin (API decision 5)", async () => {
    const r = await call(fixture.server, `${V2}/${GRACE.id}`, {
      method: "PATCH",
      body: { organization_role: "Standard" },
    });
    expect(r.status).toBe(200);
    expectError(
      await call(fixture.server, `${V2}/${ADA.id}`, {
        method: "PATCH",
        body: { organization_role: "Standard" },
      }),
      422,
      LAST_ADMIN_ERROR,
    );
    expect((await getMember(ADA.id)).organization_role).toBe("Admin");
  });

  it("404s for unknown and non-uuid ids", async () => {
    expectError(
      await call(fixture.server, `${V2}/00000000-0000-4000-8000-000000000000`, {
        method: "PATCH",
        body: {},
      }),
      404,
      NOT_FOUND,
    );
    expectError(await call(fixture.server, `${V2}/xyz`, { method: "PATCH", body: {} }), 404, NOT_FOUND);
  });

  it("requires a JSON object body", async () => {
    expectError(await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH" }), 400, /body/i);
    expectError(
      await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH", body: "{oops" }),
      400,
      /JSON/,
    );
    expectError(
      await call(fixture.server, `${V2}/${LINUS.id}`, { method: "PATCH", body: "[]" }),
      400,
      /object/,
    );
    expectError(
      await call(fixture.server, `${V2}/${LINUS.id}`, {
        method: "PATCH",
        body: "first_name=x",
        contentType: "application/x-www-form-urlencoded",
      }),
      415,
      /application\/json/,
    );
  });
});

describe("v2 remove team member", () => {
  it("answers 204 with no body, then the member is gone", async () => {
    const r = await call(fixture.server, `${V2}/${LINUS.id}`, { method: "DELETE" });
    expect(r.status).toBe(204);
    expect(r.body.length).toBe(0);
    expectError(await call(fixture.server, `${V2}/${LINUS.id}`), 404, NOT_FOUND);
    expectError(await call(fixture.server, `${V2}/${LINUS.id}`, { method: "DELETE" }), 404, NOT_FOUND);
    expect(await listAll()).toHaveLength(7);
  });

  it("removes an inactive member", async () => {
    expect((await call(fixture.server, `${V2}/${TOM.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("refuses to remove the last active admin with 422 and the documented text", async () => {
    expect((await call(fixture.server, `${V2}/${GRACE.id}`, { method: "DELETE" })).status).toBe(204);
    expectError(await call(fixture.server, `${V2}/${ADA.id}`, { method: "DELETE" }), 422, LAST_ADMIN_ERROR);
    expect((await getMember(ADA.id)).email).toBe("admin@example.com");
  });

  it("counts only active admins as admins", async () => {
    await call(fixture.server, `${V1}/${GRACE.id}`, { method: "PATCH", body: { active: false } });
    expectError(await call(fixture.server, `${V2}/${ADA.id}`, { method: "DELETE" }), 422, LAST_ADMIN_ERROR);
  });

  it("404s for unknown and non-uuid ids", async () => {
    expectError(
      await call(fixture.server, `${V2}/00000000-0000-4000-8000-000000000000`, { method: "DELETE" }),
      404,
      NOT_FOUND,
    );
    expectError(await call(fixture.server, `${V2}/12345`, { method: "DELETE" }), 404, NOT_FOUND);
  });
});

describe("v1 team members", () => {
  it("adds with 200 { message } and no Accept header, always inviting", async () => {
    const r = await call(fixture.server, V1, {
      method: "POST",
      accept: null,
      body: {
        emails: ["v1@example.com"],
        organization_role: "Admin",
        invited_by: "admin@example.com",
        send_invitation_email: "false",
      },
    });
    expect(r.status).toBe(200);
    messageSchema.parse(r.json());
    expect((await listAll()).find((m) => m.email === "v1@example.com")).toMatchObject({
      organization_role: "Admin",
      active: true,
      time_zone: "UTC",
    });
    // v1 has no send_invitation_email: the field is ignored and the invitation goes out.
    expect((await readOutbox(fixture.server, { to: "v1@example.com" })).emails).toHaveLength(1);
  });

  it("validates v1 add like v2", async () => {
    expectError(await call(fixture.server, V1, { method: "POST", body: { emails: ["bad"] } }), 422, /email/i);
    expectError(
      await call(fixture.server, V1, {
        method: "POST",
        body: { emails: ["a@example.com"], organization_role: "Boss" },
      }),
      422,
      /organization_role/,
    );
    expectError(
      await call(fixture.server, V1, {
        method: "POST",
        body: { emails: ["a@example.com"], invited_by: LINUS.email },
      }),
      422,
      /invited_by/,
    );
    expect((await call(fixture.server, V1, { method: "POST", body: { emails: [LINUS.email] } })).status).toBe(
      200,
    );
    expect(await listAll()).toHaveLength(8);
  });

  it("updates active both ways and returns { team_member }", async () => {
    let r = await call(fixture.server, `${V1}/${LINUS.id}`, {
      method: "PATCH",
      body: { active: false, first_name: "Linnea" },
    });
    expect(r.status).toBe(200);
    expect(memberEnvelopeSchema.parse(r.json()).team_member).toMatchObject({
      active: false,
      first_name: "Linnea",
    });
    expect((await getMember(LINUS.id)).active).toBe(false);
    r = await call(fixture.server, `${V1}/${TOM.id}`, { method: "PATCH", body: { active: true } });
    expect(memberEnvelopeSchema.parse(r.json()).team_member.active).toBe(true);
  });

  it("rejects a non-boolean active and the v2 field errors with 422", async () => {
    expectError(
      await call(fixture.server, `${V1}/${LINUS.id}`, { method: "PATCH", body: { active: "false" } }),
      422,
      /active/,
    );
    expectError(
      await call(fixture.server, `${V1}/${LINUS.id}`, {
        method: "PATCH",
        body: { time_zone: "Nowhere/Town" },
      }),
      422,
      /time_zone/,
    );
    expectError(
      await call(fixture.server, `${V1}/nope`, { method: "PATCH", body: { active: true } }),
      404,
      NOT_FOUND,
    );
  });

  it("refuses to deactivate or demote the last active admin", async () => {
    expect(
      (await call(fixture.server, `${V1}/${GRACE.id}`, { method: "PATCH", body: { active: false } })).status,
    ).toBe(200);
    expectError(
      await call(fixture.server, `${V1}/${ADA.id}`, { method: "PATCH", body: { active: false } }),
      422,
      LAST_ADMIN_ERROR,
    );
    expectError(
      await call(fixture.server, `${V1}/${ADA.id}`, {
        method: "PATCH",
        body: { organization_role: "Standard" },
      }),
      422,
      LAST_ADMIN_ERROR,
    );
    // Re-activating another admin first makes it allowed.
    expect(
      (await call(fixture.server, `${V1}/${GRACE.id}`, { method: "PATCH", body: { active: true } })).status,
    ).toBe(200);
    expect(
      (await call(fixture.server, `${V1}/${ADA.id}`, { method: "PATCH", body: { active: false } })).status,
    ).toBe(200);
  });

  it("bulk-removes by email, case-insensitively, naming unknown addresses in the 200 message", async () => {
    const r = await call(fixture.server, V1, {
      method: "DELETE",
      body: { emails: ["LINUS.BERG@example.com", "ghost@example.com"] },
    });
    expect(r.status).toBe(200);
    const { message } = messageSchema.parse(r.json());
    expect(message).toContain("Removed 1");
    expect(message).toContain("ghost@example.com");
    expect((await listAll()).map((m) => m.email)).not.toContain(LINUS.email);
  });

  it("refuses a bulk removal that would remove every active admin, removing nobody", async () => {
    expectError(
      await call(fixture.server, V1, {
        method: "DELETE",
        body: { emails: [ADA.email, GRACE.email, LINUS.email] },
      }),
      422,
      LAST_ADMIN_ERROR,
    );
    expect(await listAll()).toHaveLength(8);
    // Removing one of the two admins is fine.
    expect(
      (await call(fixture.server, V1, { method: "DELETE", body: { emails: [GRACE.email] } })).status,
    ).toBe(200);
    expectError(
      await call(fixture.server, V1, { method: "DELETE", body: { emails: [ADA.email] } }),
      422,
      LAST_ADMIN_ERROR,
    );
  });

  it("validates the bulk removal body", async () => {
    expectError(await call(fixture.server, V1, { method: "DELETE", body: { emails: [] } }), 422, /emails/);
    expectError(
      await call(fixture.server, V1, { method: "DELETE", body: { emails: ["nope"] } }),
      422,
      /email/i,
    );
    expectError(await call(fixture.server, V1, { method: "DELETE" }), 400, /body/i);
  });

  it("has no v1 list or get: 405 with Allow", async () => {
    const list = await call(fixture.server, V1);
    expectError(list, 405);
    expect(list.headers.allow).toBe("POST, DELETE");
    const one = await call(fixture.server, `${V1}/${LINUS.id}`);
    expectError(one, 405);
    expect(one.headers.allow).toBe("PATCH");
  });
});
