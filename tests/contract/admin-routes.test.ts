import { sealData } from "iron-session";
import { stampPeerAddress } from "@/lib/http/client-key";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_MEMBERS } from "@/lib/local-workspace";
import * as admin from "../helpers/admin-app";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";
import * as workspace from "../helpers/workspace-controls";
import { countingRequest } from "../helpers/counting-request";

/*
 * The /api/admin route handlers, called with real Request objects, against a local workspace
 * over real HTTP. What the upstream received is read back from /__local/stats.
 */

const fixture = localWorkspaceForSuite();
const SITE = "http://localhost:3000";
const ADA = DEMO_MEMBERS[0]!; // admin@example.com, active Admin
const GRACE = DEMO_MEMBERS[1]!; // the other active Admin
const LINUS = DEMO_MEMBERS[2]!;
const TOM = DEMO_MEMBERS[6]!; // inactive

// Imported after the environment points at the test workspace (env() reads it once, lazily).
let routes: admin.App;
let session: admin.App["session"];
let audit: typeof import("@/lib/admin/audit");
let loginLib: admin.App["loginLib"];
let cookie: string;
const auditLines: string[] = [];

type Opts = {
  method?: string;
  body?: unknown;
  cookie?: string | null;
  origin?: string | null;
  headers?: Record<string, string>;
};

function req(path: string, opts: Opts = {}): Request {
  const method = opts.method ?? "GET";
  const headers = new Headers(opts.headers);
  headers.set("host", "localhost:3000");
  const c = opts.cookie === undefined ? cookie : opts.cookie;
  if (c) headers.set("cookie", `theme=dark; ${session.SESSION_COOKIE}=${c}`);
  const origin = opts.origin === undefined ? SITE : opts.origin;
  if (origin && method !== "GET") headers.set("origin", origin);
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(SITE + path, { method, headers, body });
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

const upstreamCalls = async () => (await workspace.stats(fixture.server.url)).total;
const resetStats = () => workspace.resetStats(fixture.server.url);
const fault = (body: workspace.Fault) => workspace.setFault(fixture.server.url, body);
const clearFaults = () => workspace.setFault(fixture.server.url, null);

async function setActive(id: string, active: boolean) {
  const res = await routes.activation.PUT(
    req(`/api/admin/team-members/${id}/activation`, { method: "PUT", body: { active } }),
    params(id),
  );
  return res;
}

beforeAll(async () => {
  pointAppAtWorkspace(fixture.server, {
    WORKSPACE_MAX_RETRIES: "0",
    WORKSPACE_TIMEOUT_MS: "1500",
    SITE_URL: undefined,
    PORT: undefined,
    ADMIN_USERS: undefined,
    SESSION_SECRET: undefined,
    // The workspace is asked whether the admin is still one once, below; these tests count
    // upstream calls per route, so no recheck may fall between them (tests/contract/admin-access.test.ts).
    ADMIN_RECHECK_SECONDS: "3600",
  });
  routes = await admin.importApp((line) => auditLines.push(line));
  ({ session, loginLib } = routes);
  audit = await import("@/lib/admin/audit");
  cookie = await session.sealSession("admin@example.com");
  expect((await routes.list.GET(req("/api/admin/team-members"))).status).toBe(200);
});

afterAll(async () => {
  audit?.setAuditSink(null);
});

beforeEach(async () => {
  await clearFaults();
  auditLines.length = 0;
});

describe("authentication: every handler refuses without a valid session (401 JSON)", () => {
  const id = LINUS.id;
  const calls: Array<[string, (c: string | null) => Promise<Response>]> = [
    ["GET list", (c) => routes.list.GET(req("/api/admin/team-members", { cookie: c }))],
    [
      "POST invite",
      (c) =>
        routes.list.POST(
          req("/api/admin/team-members", { method: "POST", cookie: c, body: { emails: "x@example.com" } }),
        ),
    ],
    ["GET member", (c) => routes.one.GET(req(`/api/admin/team-members/${id}`, { cookie: c }), params(id))],
    [
      "PATCH member",
      (c) =>
        routes.one.PATCH(
          req(`/api/admin/team-members/${id}`, { method: "PATCH", cookie: c, body: { firstName: "X" } }),
          params(id),
        ),
    ],
    [
      "DELETE member",
      (c) =>
        routes.one.DELETE(req(`/api/admin/team-members/${id}`, { method: "DELETE", cookie: c }), params(id)),
    ],
    [
      "PUT activation",
      (c) =>
        routes.activation.PUT(
          req(`/api/admin/team-members/${id}/activation`, {
            method: "PUT",
            cookie: c,
            body: { active: false },
          }),
          params(id),
        ),
    ],
    [
      "POST bulk",
      (c) =>
        routes.bulk.POST(
          req("/api/admin/team-members/bulk", {
            method: "POST",
            cookie: c,
            body: { action: "remove", ids: [id] },
          }),
        ),
    ],
    [
      "POST refresh",
      (c) => routes.refresh.POST(req("/api/admin/blog/refresh", { method: "POST", cookie: c, body: {} })),
    ],
  ];

  it.each(calls)(
    "%s: no cookie, tampered cookie, expired session, unknown admin → 401, nothing sent upstream",
    async (_name, call) => {
      const now = Date.now();
      const secret = "masthead-local-demo-session-secret-do-not-use";
      const expired = await sealData(
        { email: "admin@example.com", issuedAt: now - 9 * 3600_000, expiresAt: now - 3600_000 },
        { password: secret, ttl: 0 },
      );
      const stranger = await session.sealSession("someone@example.com");
      const tampered = cookie.slice(0, -6) + (cookie.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
      const wrongSecret = await sealData(
        { email: "admin@example.com", issuedAt: now, expiresAt: now + 3600_000 },
        { password: "x".repeat(40), ttl: 3600 },
      );
      await resetStats();
      for (const c of [null, tampered, "not-a-seal", expired, stranger, wrongSecret]) {
        const res = await call(c);
        expect(res.status, `cookie ${String(c).slice(0, 12)}`).toBe(401);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect((await json(res)).error).toMatch(/sign in/i);
      }
      expect(await upstreamCalls()).toBe(0);
    },
  );

  it("a signed-out or cross-origin write is refused before a byte of its body is read", async () => {
    const id = LINUS.id;
    // A body that counts how much of it was pulled: the handlers must decide who is asking first.
    const counted = (path: string, method: string, opts: Opts) => {
      const base = req(path, { ...opts, method });
      const headers = { ...Object.fromEntries(base.headers), "content-type": "application/json" };
      return countingRequest(base.url, { method, headers }, '{"firstName":"x"}');
    };
    const cases = [
      { opts: { cookie: null }, status: 401 },
      { opts: { origin: "https://evil.example" }, status: 403 },
    ];
    for (const { opts, status } of cases) {
      const patch = counted(`/api/admin/team-members/${id}`, "PATCH", opts);
      expect((await routes.one.PATCH(patch.request, params(id))).status).toBe(status);
      expect(patch.pulled(), `PATCH ${status}`).toBe(0);
      const invite = counted("/api/admin/team-members", "POST", opts);
      expect((await routes.list.POST(invite.request)).status).toBe(status);
      expect(invite.pulled(), `POST ${status}`).toBe(0);
      const bulk = counted("/api/admin/team-members/bulk", "POST", opts);
      expect((await routes.bulk.POST(bulk.request)).status).toBe(status);
      expect(bulk.pulled(), `bulk ${status}`).toBe(0);
    }
  });

  it("the same calls succeed with the valid session (the 401s above are about the cookie)", async () => {
    const res = await routes.one.GET(req(`/api/admin/team-members/${id}`), params(id));
    expect(res.status).toBe(200);
    expect(((await json(res)).member as { email: string }).email).toBe(LINUS.email);
  });
});

describe("origin check: cross-origin writes are refused (403)", () => {
  it.each([
    ["another site", "https://evil.example"],
    ["a look-alike port", "http://localhost:3999"],
    ["the null origin", "null"],
  ])("Origin from %s → 403 and nothing upstream", async (_label, origin) => {
    await resetStats();
    const res = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, { method: "PATCH", origin, body: { firstName: "Hacked" } }),
      params(LINUS.id),
    );
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatch(/did not come from this site/);
    expect(await upstreamCalls()).toBe(0);
  });

  it("a write with no Origin is refused unless Sec-Fetch-Site says same-origin", async () => {
    const none = await routes.bulk.POST(
      req("/api/admin/team-members/bulk", {
        method: "POST",
        origin: null,
        body: { action: "remove", ids: [LINUS.id] },
      }),
    );
    expect(none.status).toBe(403);
    const crossSite = await routes.list.POST(
      req("/api/admin/team-members", {
        method: "POST",
        origin: null,
        headers: { "sec-fetch-site": "cross-site" },
        body: { emails: "a@example.com" },
      }),
    );
    expect(crossSite.status).toBe(403);
    const sameOrigin = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, {
        method: "PATCH",
        origin: null,
        headers: { "sec-fetch-site": "same-origin" },
        body: { firstName: "Linus" },
      }),
      params(LINUS.id),
    );
    expect(sameOrigin.status).toBe(200);
  });

  it("reads (GET) need no Origin", async () => {
    const res = await routes.list.GET(req("/api/admin/team-members", { origin: null }));
    expect(res.status).toBe(200);
  });

  it("login and logout check the Origin too", async () => {
    const login = await routes.login.POST(
      req("/api/admin/login", {
        method: "POST",
        cookie: null,
        origin: "https://evil.example",
        body: { email: "admin@example.com", password: "masthead-demo" },
      }),
    );
    expect(login.status).toBe(403);
    expect(login.headers.get("set-cookie")).toBeNull();
    const logout = await routes.logout.POST(
      req("/api/admin/logout", { method: "POST", origin: "https://evil.example" }),
    );
    expect(logout.status).toBe(403);
  });

  it("a cross-origin sign-in is refused before a byte of its body is read (a malformed body gets the Origin's 403, not 400)", async () => {
    // A malformed body that counts how much of it was pulled.
    const signIn = (origin: string, contentType: string) =>
      countingRequest(
        SITE + "/api/admin/login",
        { method: "POST", headers: { host: "localhost:3000", origin, "content-type": contentType } },
        "{not json",
      );

    const json = signIn("https://evil.example", "application/json");
    const refused = await routes.login.POST(json.request);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/did not come from this site/) });
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(json.pulled()).toBe(0);

    // Without JavaScript: back to the login page, which names the refusal.
    const form = signIn("https://evil.example", "application/x-www-form-urlencoded");
    const redirected = await routes.login.POST(form.request);
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("location")).toBe(`${SITE}/admin/login?error=origin`);
    expect(form.pulled()).toBe(0);

    // The same body from the site itself is read, and refused for what it is.
    const own = signIn(SITE, "application/json");
    expect((await routes.login.POST(own.request)).status).toBe(400);
    expect(own.pulled()).toBe(1);
    expect(auditLines).toHaveLength(0);
  });
});

describe("validation: refused before anything is sent upstream", () => {
  beforeEach(resetStats);

  it("invite with invalid addresses → 422 naming each invalid one", async () => {
    const res = await routes.list.POST(
      req("/api/admin/team-members", {
        method: "POST",
        body: { emails: "good@example.com, not-an-email\nalso@bad, fine@example.org" },
      }),
    );
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.invalidEmails).toEqual(["not-an-email", "also@bad"]);
    expect(body.error).toBe("These addresses are not valid: not-an-email, also@bad");
    expect(await upstreamCalls()).toBe(0);
  });

  it("invite with no address, or a bad invited-by → 422", async () => {
    const empty = await routes.list.POST(
      req("/api/admin/team-members", { method: "POST", body: { emails: " ,\n " } }),
    );
    expect(empty.status).toBe(422);
    expect((await json(empty)).error).toBe("Enter at least one email address.");
    const by = await routes.list.POST(
      req("/api/admin/team-members", {
        method: "POST",
        body: { emails: "a@example.com", invitedBy: "boss" },
      }),
    );
    expect(by.status).toBe(422);
    expect(((await json(by)).fields as Record<string, string>).invitedBy).toBe(
      "Enter a valid email address.",
    );
    expect(await upstreamCalls()).toBe(0);
  });

  it("update with an invalid time zone, an empty role, a bad email or nothing → 422", async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { timeZone: "Mars/Olympus_Mons" },
        "timeZone",
        "Pick a valid time zone from the list, e.g. Europe/Paris.",
      ],
      [{ role: "  " }, "role", "Enter a role, e.g. Standard."],
      [{ email: "nope" }, "email", "Enter a valid email address."],
      [{}, "_", "Nothing to change."],
      [{ active: false }, "_", ""],
    ];
    for (const [body, field, message] of cases) {
      const res = await routes.one.PATCH(
        req(`/api/admin/team-members/${LINUS.id}`, { method: "PATCH", body }),
        params(LINUS.id),
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
      const fields = (await json(res)).fields as Record<string, string>;
      if (message) expect(fields[field]).toBe(message);
    }
    expect(await upstreamCalls()).toBe(0);
  });

  it("malformed JSON → 400, wrong content type → 415, a malformed id → 404", async () => {
    const bad = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, { method: "PATCH", body: "{not json" }),
      params(LINUS.id),
    );
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe("The request body is not valid JSON.");
    const type = await routes.list.POST(
      req("/api/admin/team-members", {
        method: "POST",
        body: "emails=a",
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(type.status).toBe(415);
    const id = await routes.one.DELETE(
      req("/api/admin/team-members/../../v1", { method: "DELETE" }),
      params("../../v1"),
    );
    expect(id.status).toBe(404);
    expect(await upstreamCalls()).toBe(0);
  });

  it("an endless body without Content-Length is cut off at the bound while it streams (413), login included", async () => {
    const endless = (path: string, contentType: string, withCookie: boolean) => {
      let pulled = 0;
      const chunk = new TextEncoder().encode(`{"pad":"${"x".repeat(8_000)}`);
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          pulled += chunk.byteLength;
          c.enqueue(chunk);
        },
      });
      const headers = new Headers({ host: "localhost:3000", origin: SITE, "content-type": contentType });
      if (withCookie) headers.set("cookie", `${session.SESSION_COOKIE}=${cookie}`);
      const request = new Request(SITE + path, {
        method: "POST",
        headers,
        body,
        duplex: "half",
      } as RequestInit & { duplex: "half" });
      return { request, pulled: () => pulled };
    };
    const cases: Array<[string, ReturnType<typeof endless>, (r: Request) => Promise<Response>]> = [
      ["invite", endless("/api/admin/team-members", "application/json", true), (r) => routes.list.POST(r)],
      ["bulk", endless("/api/admin/team-members/bulk", "application/json", true), (r) => routes.bulk.POST(r)],
      ["login (JSON)", endless("/api/admin/login", "application/json", false), (r) => routes.login.POST(r)],
      [
        "login (form)",
        endless("/api/admin/login", "application/x-www-form-urlencoded", false),
        (r) => routes.login.POST(r),
      ],
    ];
    for (const [name, { request, pulled }, call] of cases) {
      const res = await call(request);
      expect(res.status, name).toBe(413);
      expect((await json(res)).error, name).toBe("The request is too large.");
      expect(pulled(), name).toBeLessThan(200_000);
    }
    expect(await upstreamCalls()).toBe(0);
  });

  it("bulk with no selection, too many or an unknown action → 422; activation without a boolean → 422", async () => {
    for (const body of [
      { action: "remove", ids: [] },
      { action: "explode", ids: [LINUS.id] },
      { action: "remove", ids: ["x"] },
    ]) {
      const res = await routes.bulk.POST(req("/api/admin/team-members/bulk", { method: "POST", body }));
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const act = await routes.activation.PUT(
      req(`/api/admin/team-members/${LINUS.id}/activation`, { method: "PUT", body: { active: "no" } }),
      params(LINUS.id),
    );
    expect(act.status).toBe(422);
    expect((await json(act)).error).toBe("active must be true or false.");
    expect(await upstreamCalls()).toBe(0);
  });
});

describe("member operations through the routes", () => {
  it("lists with paging; search and the active filter span the whole workspace", async () => {
    const page2 = await json(await routes.list.GET(req("/api/admin/team-members?page=2&pageSize=10")));
    expect(page2.page).toBe(2);
    const p1 = await json(await routes.list.GET(req("/api/admin/team-members?pageSize=10")));
    expect((p1.members as unknown[]).length).toBe(Math.min(10, p1.totalRecords as number));

    const search = await json(await routes.list.GET(req("/api/admin/team-members?q=OKAFOR&pageSize=10")));
    expect((search.members as { email: string }[]).map((m) => m.email)).toEqual([GRACE.email]);
    const byEmail = await json(await routes.list.GET(req("/api/admin/team-members?q=mei.tanaka@")));
    expect((byEmail.members as { email: string }[]).map((m) => m.email)).toEqual(["mei.tanaka@example.com"]);

    const inactive = await json(await routes.list.GET(req("/api/admin/team-members?status=inactive")));
    expect((inactive.members as { email: string; active: boolean }[]).every((m) => !m.active)).toBe(true);
    expect((inactive.members as { email: string }[]).map((m) => m.email)).toContain(TOM.email);
  });

  it("invites two people: 201, the invitations are in the outbox, and the cached search sees them at once", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = `inv-a-${suffix}@example.com`;
    const b = `inv-b-${suffix}@example.com`;
    // Warm the search cache first, so the test proves the invite invalidates it.
    await routes.list.GET(req(`/api/admin/team-members?q=${suffix}`));
    const res = await routes.list.POST(
      req("/api/admin/team-members", {
        method: "POST",
        body: { emails: `${a}\n${b.toUpperCase()}`, invitedBy: "admin@example.com" },
      }),
    );
    expect(res.status).toBe(201);
    expect((await json(res)).emails).toEqual([a, b]);
    for (const to of [a, b]) {
      expect((await workspace.outbox(fixture.server.url, to)).map((e) => e.kind)).toEqual(["invitation"]);
    }
    const found = await json(await routes.list.GET(req(`/api/admin/team-members?q=${suffix}`)));
    expect((found.members as { email: string; role: string }[]).map((m) => [m.email, m.role])).toEqual([
      [a, "Standard"],
      [b, "Standard"],
    ]);
    const line = auditLines
      .map((l) => JSON.parse(l) as Record<string, string>)
      .find((l) => l.action === "invite");
    expect(line).toMatchObject({
      actor: "admin@example.com",
      action: "invite",
      outcome: "ok",
      // Invitees' addresses are masked: the only address an audit line carries is the actor's.
      target: `${a.slice(0, 1)}…@${a.split("@")[1]},${b.slice(0, 1)}…@${b.split("@")[1]}`,
    });
  });

  it("updates time zone and role (v2) and reports an unknown role in plain words", async () => {
    const ok = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, {
        method: "PATCH",
        body: { timeZone: "Asia/Kolkata", role: "Admin" },
      }),
      params(LINUS.id),
    );
    expect(ok.status).toBe(200);
    expect((await json(ok)).member).toMatchObject({ timeZone: "Asia/Kolkata", role: "Admin" });
    const back = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, {
        method: "PATCH",
        body: { timeZone: "Europe/Stockholm", role: "Standard" },
      }),
      params(LINUS.id),
    );
    expect(back.status).toBe(200);

    await resetStats();
    const wrong = await routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, { method: "PATCH", body: { role: "admin" } }),
      params(LINUS.id),
    );
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toMatchObject({
      code: "unknown_role",
      error:
        "The workspace has no role named “admin”. Roles are case sensitive: check the spelling and capitals.",
    });
    // It did go upstream: roles are the workspace's to judge (after asking whether the acting
    // admin is still one, and reading the member, since a new role could change their own access).
    expect(await upstreamCalls()).toBe(3);
    const line = JSON.parse(auditLines.at(-1)!) as Record<string, string>;
    expect(line).toMatchObject({
      actor: "admin@example.com",
      action: "update",
      target: LINUS.id,
      outcome: "refused",
      detail: "unknown_role",
    });
  });

  it("deactivates and reactivates (v1)", async () => {
    const off = await setActive(LINUS.id, false);
    expect(off.status).toBe(200);
    expect(((await json(off)).member as { active: boolean }).active).toBe(false);
    const on = await setActive(LINUS.id, true);
    expect(((await json(on)).member as { active: boolean }).active).toBe(true);
  });

  it("refuses to remove, deactivate or demote yourself (403, plain words): nothing is changed", async () => {
    // The last-admin refusal (409) comes from the workspace; with access following the
    // workspace, the last admin is always the acting one, refused here first.
    // tests/contract/admin-access.test.ts reaches it with a second admin role.
    await resetStats();
    const del = await routes.one.DELETE(
      req(`/api/admin/team-members/${ADA.id}`, { method: "DELETE" }),
      params(ADA.id),
    );
    expect(del.status).toBe(403);
    expect(await json(del)).toMatchObject({
      code: "own_account",
      error: expect.stringMatching(/^You cannot remove yourself/),
    });
    const off = await setActive(ADA.id, false);
    expect(off.status).toBe(403);
    expect((await json(off)).error).toMatch(/^You cannot deactivate yourself/);
    const demote = await routes.one.PATCH(
      req(`/api/admin/team-members/${ADA.id}`, { method: "PATCH", body: { role: "Standard" } }),
      params(ADA.id),
    );
    expect(demote.status).toBe(403);
    expect((await json(demote)).error).toMatch(/^You cannot change your own role to “Standard”/);
    const email = await routes.one.PATCH(
      req(`/api/admin/team-members/${ADA.id}`, { method: "PATCH", body: { email: "ada@elsewhere.example" } }),
      params(ADA.id),
    );
    expect(email.status).toBe(403);
    expect((await json(email)).error).toMatch(/^You cannot change your own email address/);
    // Only reads went upstream: one per refused write, to learn whose member it is.
    const { byRoute } = await workspace.stats(fixture.server.url);
    expect(Object.keys(byRoute).every((route) => route.startsWith("GET "))).toBe(true);

    const bulk = await routes.bulk.POST(
      req("/api/admin/team-members/bulk", {
        method: "POST",
        body: { action: "deactivate", ids: [ADA.id, LINUS.id] },
      }),
    );
    expect(bulk.status).toBe(207);
    const results = (await json(bulk)).results as {
      id: string;
      ok: boolean;
      code?: string;
      error?: string;
    }[];
    expect(results.find((r) => r.id === ADA.id)).toMatchObject({
      ok: false,
      code: "own_account",
      error: expect.stringMatching(/^You cannot deactivate yourself/),
    });
    expect(results.find((r) => r.id === LINUS.id)).toMatchObject({ ok: true });
    expect((await setActive(LINUS.id, true)).status).toBe(200);
    // Editing your own name is fine.
    const rename = await routes.one.PATCH(
      req(`/api/admin/team-members/${ADA.id}`, { method: "PATCH", body: { firstName: ADA.first_name } }),
      params(ADA.id),
    );
    expect(rename.status).toBe(200);
    const ada = await json(await routes.one.GET(req(`/api/admin/team-members/${ADA.id}`), params(ADA.id)));
    expect(ada.member).toMatchObject({ active: true, role: "Admin", email: "admin@example.com" });
  });

  it("removes a member (v2); removing again is a plain-words 404", async () => {
    const email = `gone-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await routes.list.POST(
      req("/api/admin/team-members", { method: "POST", body: { emails: email, sendInvitationEmail: false } }),
    );
    const found = await json(await routes.list.GET(req(`/api/admin/team-members?q=${email}`)));
    const id = (found.members as { id: string }[])[0]!.id;
    const del = await routes.one.DELETE(
      req(`/api/admin/team-members/${id}`, { method: "DELETE" }),
      params(id),
    );
    expect(del.status).toBe(200);
    const again = await routes.one.DELETE(
      req(`/api/admin/team-members/${id}`, { method: "DELETE" }),
      params(id),
    );
    expect(again.status).toBe(404);
    expect(await json(again)).toMatchObject({
      code: "not_found",
      error: expect.stringMatching(/no longer exists/),
    });
    const after = await json(await routes.list.GET(req(`/api/admin/team-members?q=${email}`)));
    expect(after.totalRecords).toBe(0);
  });

  it("bulk removes and deactivates with one result per member", async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const emails = [`b1-${s}@example.com`, `b2-${s}@example.com`, `b3-${s}@example.com`];
    await routes.list.POST(
      req("/api/admin/team-members", { method: "POST", body: { emails, sendInvitationEmail: false } }),
    );
    const ids = (
      (await json(await routes.list.GET(req(`/api/admin/team-members?q=${s}`)))).members as { id: string }[]
    ).map((m) => m.id);
    expect(ids).toHaveLength(3);

    const deact = await routes.bulk.POST(
      req("/api/admin/team-members/bulk", { method: "POST", body: { action: "deactivate", ids: [ids[0]] } }),
    );
    expect(deact.status).toBe(200);
    const gone = "6f1c9a52-8d3b-4e7a-9c10-0000000000ff";
    const res = await routes.bulk.POST(
      req("/api/admin/team-members/bulk", {
        method: "POST",
        body: { action: "remove", ids: [...ids, gone] },
      }),
    );
    expect(res.status).toBe(207);
    const body = await json(res);
    expect(body).toMatchObject({ succeeded: 3, failed: 1 });
    expect(
      (body.results as { id: string; ok: boolean; email: string | null }[]).map((r) => [r.ok, r.email]),
    ).toEqual([
      [true, emails[0]],
      [true, emails[1]],
      [true, emails[2]],
      [false, null],
    ]);
    const left = await json(await routes.list.GET(req(`/api/admin/team-members?q=${s}`)));
    expect(left.totalRecords).toBe(0);
    expect(auditLines.filter((l) => l.includes('"bulk_remove"'))).toHaveLength(4);
  });
});

describe("every upstream failure becomes a status and plain words", () => {
  const get = () => routes.one.GET(req(`/api/admin/team-members/${LINUS.id}`), params(LINUS.id));
  const patch = () =>
    routes.one.PATCH(
      req(`/api/admin/team-members/${LINUS.id}`, { method: "PATCH", body: { firstName: "Linus" } }),
      params(LINUS.id),
    );

  it.each([
    [{ mode: "status", status: 503 }, 503, "unavailable", /down or unavailable/],
    [{ mode: "status", status: 500 }, 503, "unavailable", /down or unavailable/],
    [
      { mode: "rate-limit", retryAfter: 1 },
      503,
      "rate_limited",
      /too many requests\. Try again in 1 second\./,
    ],
    [{ mode: "malformed-json" }, 502, "bad_response", /could not read/],
    [{ mode: "wrong-shape" }, 502, "bad_response", /could not read/],
    [{ mode: "hang", delayMs: 5000 }, 504, "timeout", /did not answer in time/],
  ])("fault %o → %i %s", async (f, status, code, message) => {
    await fault(f);
    const res = await patch();
    expect(res.status).toBe(status);
    const body = await json(res);
    expect(body.code).toBe(code);
    expect(body.error).toMatch(message);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|api\/external|wps_/);
    if (status === 503) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // The first workspace call of a write is the check that the admin is still one: it fails,
    // so the update is never sent.
    const line = JSON.parse(auditLines.at(-1)!) as Record<string, string>;
    expect(line).toMatchObject({
      action: "write_check",
      target: `/api/admin/team-members/${LINUS.id}`,
      outcome: "failed",
      detail: code,
    });
  });

  it("reads map the same way (GET with the workspace down)", async () => {
    await fault({ mode: "status", status: 503 });
    const res = await get();
    expect(res.status).toBe(503);
    expect((await json(res)).code).toBe("unavailable");
  });
});

describe("login", () => {
  /** A request from the connection `ip` (as instrumentation.ts stamps it), with extra cookies. */
  const fromClient = (request: Request, ip: string, cookies?: string) => {
    stampPeerAddress(request.headers, ip);
    if (cookies) request.headers.set("cookie", cookies);
    return request;
  };
  const login = (body: Record<string, string>, ip = "203.0.113.7", cookies?: string) =>
    routes.login.POST(
      fromClient(req("/api/admin/login", { method: "POST", cookie: null, body }), ip, cookies),
    );

  beforeEach(() => loginLib.resetLoginLimits());

  it("wrong password and unknown email get the same generic 401, and no cookie", async () => {
    for (const body of [
      { email: "admin@example.com", password: "wrong" },
      { email: "nobody@example.com", password: "masthead-demo" },
      { email: "", password: "" },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ error: "Invalid email or password" });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("the right password sets an httpOnly, SameSite=Lax, 8-hour session cookie that the handlers accept", async () => {
    const res = await login({
      email: "Admin@Example.com",
      password: "masthead-demo",
      next: "/admin/members?page=2",
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ok: true, redirectTo: "/admin/members?page=2" });
    const set = res.headers.get("set-cookie")!;
    expect(set).toMatch(/^masthead_admin=Fe26\.2/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=lax/i);
    expect(set).toMatch(/Max-Age=28800/);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Secure/); // http://localhost in local mode
    const value = decodeURIComponent(set.split(";")[0]!.split("=").slice(1).join("="));
    const list = await routes.list.GET(req("/api/admin/team-members", { cookie: value }));
    expect(list.status).toBe(200);
  });

  it("never redirects off the admin area after login", async () => {
    for (const next of [
      "https://evil.example",
      "//evil.example",
      "/blog",
      "/administrator",
      "/admin/..//evil.com",
      "/admin/%2e%2e//evil.com",
      "/admin/%2E%2E/../..//evil.com",
    ]) {
      const res = await login({ email: "admin@example.com", password: "masthead-demo", next });
      expect((await json(res)).redirectTo).toBe("/admin");
    }
  });

  it("a dotted next path never leaves the site through the no-JavaScript 303 either", async () => {
    for (const next of ["/admin/..//evil.com", "/admin/%2e%2e//evil.com"]) {
      const res = await routes.login.POST(
        req("/api/admin/login", {
          method: "POST",
          cookie: null,
          body: new URLSearchParams({
            email: "admin@example.com",
            password: "masthead-demo",
            next,
          }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`${SITE}/admin`);
    }
  });

  it("rate-limits failed attempts per account (429 with Retry-After, even for the right password)", async () => {
    for (let i = 0; i < loginLib.ACCOUNT_FAILURE_LIMIT; i++) {
      expect(
        (await login({ email: "admin@example.com", password: `nope-${i}` }, `198.51.100.${i}`)).status,
      ).toBe(401);
    }
    const blocked = await login({ email: "admin@example.com", password: "masthead-demo" }, "198.51.100.200");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(blocked)).error).toMatch(/Too many failed sign-in attempts/);
  });

  it("rate-limits failed attempts per client across accounts", async () => {
    for (let i = 0; i < loginLib.CLIENT_FAILURE_LIMIT; i++) {
      expect((await login({ email: `guess-${i}@example.com`, password: "x" }, "192.0.2.9")).status).toBe(401);
    }
    expect((await login({ email: "admin@example.com", password: "masthead-demo" }, "192.0.2.9")).status).toBe(
      429,
    );
    expect(
      (await login({ email: "admin@example.com", password: "masthead-demo" }, "192.0.2.10")).status,
    ).toBe(200);
  });

  const deviceCookieOf = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith("masthead_device="));
    expect(set).toBeDefined();
    return set!.split(";")[0]!;
  };

  it("a successful sign-in gives the browser a device cookie: httpOnly, SameSite=Strict, sent only to the sign-in endpoint", async () => {
    const res = await login({ email: "admin@example.com", password: "masthead-demo" });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("masthead_device="))!;
    expect(set).toMatch(/^masthead_device=Fe26\.2/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=strict/i);
    expect(set).toMatch(/Path=\/api\/admin\/login/);
    expect((await login({ email: "admin@example.com", password: "wrong" })).headers.getSetCookie()).toEqual(
      [],
    );
  });

  it("lockout is no weapon: ten failures from strangers do not lock out the admin's own browser (device cookie)", async () => {
    // The real admin signed in from this browser before the attack.
    const device = deviceCookieOf(
      await login({ email: "admin@example.com", password: "masthead-demo" }, "203.0.113.20"),
    );
    for (let i = 0; i < loginLib.ACCOUNT_FAILURE_LIMIT; i++) {
      expect(
        (await login({ email: "admin@example.com", password: `nope-${i}` }, `198.51.100.${i}`)).status,
      ).toBe(401);
    }
    // Guessing stays slow for everyone else, the right password included...
    expect(
      (await login({ email: "admin@example.com", password: "masthead-demo" }, "198.51.100.250")).status,
    ).toBe(429);
    // ...but the admin's browser signs in, from wherever it is now.
    const admin = await login(
      { email: "admin@example.com", password: "masthead-demo" },
      "192.0.2.200",
      device,
    );
    expect(admin.status).toBe(200);
    expect(deviceCookieOf(admin)).not.toBe(device); // a fresh device id on every sign-in
    // A device cookie vouches for its own account only, and a forged one for nothing.
    const forged = device.slice(0, -4) + (device.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(
      (await login({ email: "admin@example.com", password: "masthead-demo" }, "192.0.2.201", forged)).status,
    ).toBe(429);
  });

  it("a trusted device has its own small failure budget; once spent it counts as a stranger", async () => {
    const device = deviceCookieOf(
      await login({ email: "admin@example.com", password: "masthead-demo" }, "203.0.113.21"),
    );
    for (let i = 0; i < loginLib.DEVICE_FAILURE_LIMIT; i++) {
      expect(
        (await login({ email: "admin@example.com", password: `typo-${i}` }, "203.0.113.21", device)).status,
      ).toBe(401);
    }
    // The device's failures did not spend the account's budget for strangers...
    for (let i = 0; i < loginLib.ACCOUNT_FAILURE_LIMIT - 1; i++) {
      expect(
        (await login({ email: "admin@example.com", password: `nope-${i}` }, `198.51.100.${i}`)).status,
      ).toBe(401);
    }
    expect(
      (await login({ email: "admin@example.com", password: "masthead-demo" }, "198.51.100.251")).status,
    ).toBe(200);
    // ...and with the device's own budget spent, the device is a stranger: the next stranger failure locks both out.
    expect(
      (await login({ email: "admin@example.com", password: "nope-last" }, "198.51.100.252")).status,
    ).toBe(401);
    expect(
      (await login({ email: "admin@example.com", password: "masthead-demo" }, "203.0.113.21", device)).status,
    ).toBe(429);
  });

  it("a form post (no JavaScript) is answered with 303 redirects", async () => {
    const form = (password: string) =>
      routes.login.POST(
        req("/api/admin/login", {
          method: "POST",
          cookie: null,
          body: new URLSearchParams({
            email: "admin@example.com",
            password,
            next: "/admin/members",
          }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    const bad = await form("wrong");
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(`${SITE}/admin/login?error=invalid&next=%2Fadmin%2Fmembers`);
    const good = await form("masthead-demo");
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe(`${SITE}/admin/members`);
    expect(good.headers.get("set-cookie")).toMatch(/^masthead_admin=/);
  });

  it("logout clears the cookie and ends the session: a copy of the cookie is refused afterwards", async () => {
    const own = await session.sealSession("admin@example.com");
    expect((await routes.list.GET(req("/api/admin/team-members", { cookie: own }))).status).toBe(200);
    const res = await routes.logout.POST(
      req("/api/admin/logout", { method: "POST", cookie: own, headers: { accept: "application/json" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/masthead_admin=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await routes.list.GET(req("/api/admin/team-members", { cookie: own }))).status).toBe(401);
    // Other sessions of the same admin are untouched.
    expect((await routes.list.GET(req("/api/admin/team-members"))).status).toBe(200);
  });

  it("audit lines carry no secrets", async () => {
    await login({ email: "admin@example.com", password: "hunter2-secret" });
    // A password pasted into the email box is not an account: it must not reach the log either.
    await login({ email: "Tr0ub4dor&3-pasted", password: "x" });
    await login({ email: "admin@example.com", password: "masthead-demo" });
    const text = auditLines.join("\n");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("masthead-demo");
    expect(text).not.toMatch(/tr0ub4dor/i);
    expect(text).not.toContain("Fe26");
    expect(auditLines.map((l) => JSON.parse(l) as { actor: string; outcome: string })).toMatchObject([
      { actor: "admin@example.com", outcome: "refused" },
      { actor: "(unknown account)", outcome: "refused" },
      { actor: "admin@example.com", outcome: "ok" },
    ]);
  });
});

describe("the workspace is unreachable", () => {
  it("maps to 503 with plain words (runs last: closes the workspace)", async () => {
    await fixture.server.close();
    const res = await routes.one.GET(req(`/api/admin/team-members/${LINUS.id}`), params(LINUS.id));
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({
      code: "unreachable",
      error: expect.stringMatching(/workspace cannot be reached/),
    });
  });
});
