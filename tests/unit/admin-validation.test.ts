import { describe, expect, it } from "vitest";
import { isValidTimeZone } from "@/lib/i18n";
import {
  parseInvite,
  parseListQuery,
  safeNextPath,
  splitEmails,
  timeZoneOptions,
  updateMemberSchema,
} from "@/lib/admin/validation";
import { cookieFromHeader } from "@/lib/admin/session";

describe("invite parsing", () => {
  it("splits on commas, semicolons and new lines, lower-cases and de-duplicates", () => {
    expect(splitEmails(" a@x.io,b@x.io\n\nc@x.io ; d@x.io ")).toEqual([
      "a@x.io",
      "b@x.io",
      "c@x.io",
      "d@x.io",
    ]);
    const parsed = parseInvite({ emails: "A@x.io\na@x.io, b@x.io" });
    expect(parsed).toEqual({
      ok: true,
      value: {
        emails: ["a@x.io", "b@x.io"],
        role: "Standard",
        invitedBy: undefined,
        sendInvitationEmail: true,
      },
    });
  });

  it("shows back every invalid address, in a 422 beside the field's message", async () => {
    const parsed = parseInvite({ emails: "ok@x.io, nope, @x.io, also ok@x.io" });
    if (parsed.ok) throw new Error("accepted invalid addresses");
    expect(parsed.response.status).toBe(422);
    const body = await parsed.response.json();
    expect(body.invalidEmails).toEqual(["nope", "@x.io", "also"]);
    expect(body.fields.emails).toBe(body.error);
  });

  it("refuses no address, and more than 100 at once, with the emails field's message", async () => {
    const answers = [" ,\n ", Array.from({ length: 101 }, (_, i) => `p${i}@x.io`).join(",")].map((emails) =>
      parseInvite({ emails }),
    );
    const bodies = await Promise.all(answers.map((a) => (a.ok ? null : a.response.json())));
    expect(bodies.map((b) => [b?.error, b?.fields.emails])).toEqual([
      ["Enter at least one email address.", "Enter at least one email address."],
      ["Invite at most 100 people at once.", "Invite at most 100 people at once."],
    ]);
  });

  it("blank invited-by means the workspace default; role and flag pass through", () => {
    const parsed = parseInvite({
      emails: ["a@x.io"],
      role: "Editor",
      invitedBy: "",
      sendInvitationEmail: false,
    });
    expect(parsed).toEqual({
      ok: true,
      value: { emails: ["a@x.io"], role: "Editor", invitedBy: undefined, sendInvitationEmail: false },
    });
  });

  it("refuses unknown fields and too many addresses", async () => {
    expect(parseInvite({ emails: "a@x.io", admin: true }).ok).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.io`).join(",");
    const parsed = parseInvite({ emails: many });
    if (parsed.ok) throw new Error("accepted 101 addresses");
    expect(await parsed.response.json()).toMatchObject({ error: "Invite at most 100 people at once." });
  });
});

describe("list query", () => {
  it("falls back to defaults for bad values and keeps good ones", () => {
    expect(parseListQuery(new URLSearchParams("page=3&pageSize=50&q=%20ada%20&status=inactive"))).toEqual({
      page: 3,
      pageSize: 50,
      q: "ada",
      status: "inactive",
    });
    expect(parseListQuery(new URLSearchParams("page=-1&pageSize=7&status=weird"))).toEqual({
      page: 1,
      pageSize: 30,
      q: "",
      status: "all",
    });
    expect(parseListQuery({ page: ["2", "9"], pageSize: "100" })).toMatchObject({ page: 2, pageSize: 100 });
  });
});

describe("update", () => {
  it("validates time zones like the workspace (Intl), including aliases", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Base")).toBe(false);
    expect(timeZoneOptions()).toContain("America/New_York");
    expect(updateMemberSchema.safeParse({ timeZone: "Nope/Zone" }).success).toBe(false);
    expect(updateMemberSchema.safeParse({ timeZone: "Asia/Tokyo", role: "Standard" }).success).toBe(true);
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/admin/members?page=2", "/admin/members?page=2"],
    ["/admin", "/admin"],
    [undefined, "/admin"],
    ["/administrator", "/admin"],
    ["//evil.example/admin", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["/admin\\..\\evil", "/admin"],
    ["/admin/login?next=/admin", "/admin"],
    ["/blog", "/admin"],
    // Dot segments are resolved before the path is returned: what is returned is what is checked.
    ["/admin/..//evil.com", "/admin"],
    ["/admin/%2e%2e//evil.com", "/admin"],
    ["/admin/%2E%2E/%2e%2e//evil.com?x=1", "/admin"],
    ["/admin/./..//evil.com", "/admin"],
    ["/admin/../blog", "/admin"],
    ["/admin/members/../login", "/admin"],
    ["/admin/members/./x/../y?q=1", "/admin/members/y?q=1"],
  ])("%s → %s", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});

describe("cookieFromHeader", () => {
  it("finds the session cookie among others", () => {
    expect(cookieFromHeader("a=1; masthead_admin=Fe26.2*abc; b=2")).toBe("Fe26.2*abc");
    expect(cookieFromHeader("masthead_admin_x=1")).toBeUndefined();
    expect(cookieFromHeader(null)).toBeUndefined();
  });
});
