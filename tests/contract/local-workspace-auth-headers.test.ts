import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import {
  AUTH_ERROR,
  createLocalWorkspace,
  DEMO_MEMBERS,
  LOCAL_ACME_API_KEY,
  LOCAL_DEMO_API_KEY,
  LOCAL_EXPIRED_API_KEY,
  LOCAL_REVOKED_API_KEY,
} from "@/lib/local-workspace";
import { call, expectError, startTestWorkspace, type CallOptions } from "../helpers/local-workspace-server";
import { localWorkspaceForSuite } from "../helpers/workspace-fixture";

const LINUS = DEMO_MEMBERS.find((m) => m.email === "linus.berg@example.com")!;

const fixture = localWorkspaceForSuite({ resetBeforeEach: true });

type Endpoint = { name: string; path: string; method: string; body?: unknown; ok: number };

/** Every documented operation, with a request that succeeds given a good key and headers. */
const ENDPOINTS: Endpoint[] = [
  { name: "v2 list members", method: "GET", path: "/api/external/v2/team-members", ok: 200 },
  { name: "v2 get member", method: "GET", path: `/api/external/v2/team-members/${LINUS.id}`, ok: 200 },
  {
    name: "v2 add members",
    method: "POST",
    path: "/api/external/v2/team-members",
    body: { emails: ["h@example.com"] },
    ok: 201,
  },
  {
    name: "v2 update member",
    method: "PATCH",
    path: `/api/external/v2/team-members/${LINUS.id}`,
    body: { first_name: "L" },
    ok: 200,
  },
  { name: "v2 remove member", method: "DELETE", path: `/api/external/v2/team-members/${LINUS.id}`, ok: 204 },
  {
    name: "v2 add subscriber",
    method: "POST",
    path: "/api/external/v2/email-subscriptions",
    body: { email: "s@example.com" },
    ok: 201,
  },
  { name: "v2 blog posts", method: "GET", path: "/api/external/v2/blog-posts", ok: 200 },
  { name: "v2 blog slugs", method: "GET", path: "/api/external/v2/blog-posts/slugs", ok: 200 },
  {
    name: "v1 add members",
    method: "POST",
    path: "/api/external/v1/team_members",
    body: { emails: ["h@example.com"] },
    ok: 200,
  },
  {
    name: "v1 update member",
    method: "PATCH",
    path: `/api/external/v1/team_members/${LINUS.id}`,
    body: { active: false },
    ok: 200,
  },
  {
    name: "v1 remove members",
    method: "DELETE",
    path: "/api/external/v1/team_members",
    body: { emails: [LINUS.email] },
    ok: 200,
  },
  { name: "v1 blog posts", method: "GET", path: "/api/external/v1/blog_posts", ok: 200 },
];

function send(e: Endpoint, opts: CallOptions = {}) {
  return call(fixture.server, e.path, { method: e.method, body: e.body, ...opts });
}

describe("authentication (section 5)", () => {
  const badKeys: [string, CallOptions][] = [
    ["a missing key", { key: null }],
    ["an empty key", { key: "" }],
    ["an unknown key", { key: "wps_local_demo_0000000000000000000000" }],
    ["an expired key", { key: LOCAL_EXPIRED_API_KEY }],
    ["a revoked key", { key: LOCAL_REVOKED_API_KEY }],
    ["another workspace's key (acme key on the default workspace)", { key: LOCAL_ACME_API_KEY }],
    ["another workspace's key (demo key on acme)", { key: LOCAL_DEMO_API_KEY, workspace: "acme" }],
    ["a host naming no workspace", { key: LOCAL_DEMO_API_KEY, workspace: "your-subdomain" }],
  ];
  for (const e of ENDPOINTS) {
    it.each(badKeys)(`${e.name}: 401 with the documented text for %s`, async (_, opts) => {
      const r = await send(e, opts);
      expectError(r, 401, AUTH_ERROR);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
    });
    it(`${e.name}: succeeds with the right key`, async () => {
      expect((await send(e)).status).toBe(e.ok);
    });
  }

  it("the acme key works on acme", async () => {
    const r = await call(fixture.server, "/api/external/v2/blog-posts", {
      workspace: "acme",
      key: LOCAL_ACME_API_KEY,
    });
    expect(r.status).toBe(200);
  });

  it("a refused request changes nothing", async () => {
    await call(fixture.server, `/api/external/v2/team-members/${LINUS.id}`, {
      method: "DELETE",
      key: LOCAL_EXPIRED_API_KEY,
    });
    expect((await call(fixture.server, `/api/external/v2/team-members/${LINUS.id}`)).status).toBe(200);
  });
});

describe("Accept header rules (section 4)", () => {
  const needsAccept = ENDPOINTS.filter((e) =>
    [
      "v2 list members",
      "v2 get member",
      "v2 add members",
      "v2 update member",
      "v2 remove member",
      "v1 update member",
      "v1 remove members",
    ].includes(e.name),
  );
  const noAcceptNeeded = ENDPOINTS.filter((e) => !needsAccept.includes(e));

  for (const e of needsAccept) {
    it.each([
      [null],
      ["text/html"],
      ["*/*"],
      ["application/*"],
      ["application/xml"],
      ["application/json;q=0"],
    ])(`${e.name}: 406 with Accept %j`, async (accept) => {
      expectError(await send(e, { accept }), 406, /Accept: application\/json/);
    });
    it.each([
      ["application/json; charset=utf-8"],
      ["text/plain, application/json"],
      ["application/json;q=0.9, */*;q=0.1"],
      ["APPLICATION/JSON"],
    ])(`${e.name}: accepts Accept %j`, async (accept) => {
      expect((await send(e, { accept })).status).toBe(e.ok);
    });
  }

  for (const e of noAcceptNeeded) {
    it.each([[null], ["text/html"], ["*/*"]])(`${e.name}: works with Accept %j`, async (accept) => {
      expect((await send(e, { accept })).status).toBe(e.ok);
    });
  }

  it("checks the key before Accept", async () => {
    expectError(
      await call(fixture.server, "/api/external/v2/team-members", { key: null, accept: null }),
      401,
      AUTH_ERROR,
    );
  });
});

describe("request bodies", () => {
  const bodyEndpoints = ENDPOINTS.filter((e) => e.body !== undefined);
  for (const e of bodyEndpoints) {
    it(`${e.name}: 400 for a missing body`, async () => {
      expectError(await call(fixture.server, e.path, { method: e.method }), 400, /body is required/);
    });
    it(`${e.name}: 400 for malformed JSON`, async () => {
      expectError(
        await call(fixture.server, e.path, { method: e.method, body: '{"emails": [' }),
        400,
        "Malformed JSON in request body",
      );
    });
    it(`${e.name}: 400 for a JSON body that is not an object`, async () => {
      expectError(
        await call(fixture.server, e.path, { method: e.method, body: '"hello"' }),
        400,
        /JSON object/,
      );
    });
    it(`${e.name}: 415 for a non-JSON Content-Type`, async () => {
      expectError(
        await call(fixture.server, e.path, {
          method: e.method,
          body: "email=a@example.com",
          contentType: "text/plain",
        }),
        415,
        /Content-Type: application\/json/,
      );
      expectError(
        await call(fixture.server, e.path, {
          method: e.method,
          body: JSON.stringify(e.body),
          contentType: null,
        }),
        415,
        /Content-Type/,
      );
    });
    it(`${e.name}: accepts application/json with a charset`, async () => {
      expect(
        (
          await call(fixture.server, e.path, {
            method: e.method,
            body: e.body,
            contentType: "application/json; charset=utf-8",
          })
        ).status,
      ).toBe(e.ok);
    });
  }

  it("413 for a body over 1 MiB", async () => {
    const big = JSON.stringify({ email: "a@example.com", pad: "x".repeat(1024 * 1024) });
    expectError(
      await call(fixture.server, "/api/external/v2/email-subscriptions", { method: "POST", body: big }),
      413,
      /too large/,
    );
  });

  it("413 for an oversized body sent without Content-Length (chunked)", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: fixture.server.port,
          path: "/api/external/v2/email-subscriptions",
          method: "POST",
          headers: {
            host: `127.0.0.1:${fixture.server.port}`,
            "x-api-key": LOCAL_DEMO_API_KEY,
            "content-type": "application/json",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 20; i++) req.write(chunk); // 1.25 MiB of whitespace, chunked
      req.end();
    });
    expect(status).toBe(413);
  });
});

describe("routing", () => {
  it.each([
    ["/"],
    ["/api/external/v3/team-members"],
    ["/api/external/v2/nope"],
    ["/api/external/v2/team-members/a/b"],
    ["/__local/nope"],
    ["/api/external/v2/blog-posts/slugs/x"],
    ["/api/external/v2/team-members/%E0%A4%A"], // a malformed escape names nothing
  ])('404 { error: "Not found" } for %s', async (path) => {
    expectError(await call(fixture.server, path), 404, "Not found");
  });

  it.each([
    ["PUT", "/api/external/v2/team-members", "GET, POST, HEAD"],
    ["PUT", `/api/external/v2/team-members/${LINUS.id}`, "GET, PATCH, DELETE, HEAD"],
    ["DELETE", "/api/external/v2/blog-posts", "GET, HEAD"],
    ["POST", "/api/external/v2/blog-posts/slugs", "GET, HEAD"],
    ["GET", "/api/external/v2/email-subscriptions", "POST"],
    ["POST", "/api/external/v1/blog_posts", "GET, HEAD"],
    ["GET", "/__local/reset", "POST"],
  ])("405 with Allow for %s %s", async (method, path, allow) => {
    const r = await call(fixture.server, path, { method });
    expectError(r, 405, "Method not allowed");
    expect(r.headers.allow).toBe(allow);
  });

  it("HEAD answers like GET without a body", async () => {
    const r = await call(fixture.server, "/api/external/v2/blog-posts", { method: "HEAD" });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(r.body.length).toBe(0);
  });

  it("tolerates a trailing slash", async () => {
    expect((await call(fixture.server, "/api/external/v2/blog-posts/")).status).toBe(200);
  });
});

describe("rate limiting", () => {
  it('429 { error: "Rate limit exceeded" } with an integer Retry-After, per key, resetting after the window', async () => {
    let clock = Date.parse("2030-01-01T00:00:00Z");
    const limited = await startTestWorkspace({
      rateLimit: { limit: 3, windowMs: 30_000 },
      now: () => new Date(clock),
    });
    try {
      for (let i = 0; i < 3; i++)
        expect((await call(limited, "/api/external/v2/blog-posts/slugs")).status).toBe(200);
      clock += 10_000;
      const r = await call(limited, "/api/external/v2/blog-posts/slugs");
      expectError(r, 429, "Rate limit exceeded");
      expect(r.headers["retry-after"]).toBe("20");
      // Another key has its own budget.
      expect(
        (
          await call(limited, "/api/external/v2/blog-posts/slugs", {
            workspace: "acme",
            key: LOCAL_ACME_API_KEY,
          })
        ).status,
      ).toBe(200);
      // Local endpoints are never limited.
      expect((await call(limited, "/__local/health", { key: null })).status).toBe(200);
      clock += 20_000;
      expect((await call(limited, "/api/external/v2/blog-posts/slugs")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("rounds Retry-After up to whole seconds (at least 1)", async () => {
    const limited = await startTestWorkspace({ rateLimit: { limit: 1, windowMs: 300 } });
    try {
      await call(limited, "/api/external/v2/blog-posts/slugs");
      const r = await call(limited, "/api/external/v2/blog-posts/slugs");
      expect(r.status).toBe(429);
      expect(r.headers["retry-after"]).toBe("1");
    } finally {
      await limited.close();
    }
  });
});

describe("unexpected errors", () => {
  it('answer 500 { error: "Internal error" } with no stack trace, and log a line', async () => {
    const lines: string[] = [];
    const ws = createLocalWorkspace({ dataDir: ":memory:", log: (l) => lines.push(l) });
    ws.db.close(); // every query now throws
    const r = await ws(
      new Request("http://127.0.0.1/api/external/v2/blog-posts", {
        headers: { "x-api-key": LOCAL_DEMO_API_KEY },
      }),
    );
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ error: "Internal error" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("/api/external/v2/blog-posts");
  });
});

describe("in-process handler", () => {
  it("serves requests without HTTP, picking the workspace from the URL host", async () => {
    const ws = createLocalWorkspace({ dataDir: ":memory:" });
    try {
      const r = await ws(
        new Request("http://acme.localhost:4010/api/external/v2/blog-posts", {
          headers: { "x-api-key": LOCAL_ACME_API_KEY },
        }),
      );
      expect(r.status).toBe(200);
      const body = (await r.json()) as { blog_name: string; blog_posts: { cover_image_url: string }[] };
      expect(body.blog_name).toBe("Acme Field Notes");
      expect(
        body.blog_posts[0]!.cover_image_url.startsWith("http://acme.localhost:4010/__local/images/covers/"),
      ).toBe(true);
      const denied = await ws(
        new Request("http://acme.localhost:4010/api/external/v2/blog-posts", {
          headers: { "x-api-key": LOCAL_DEMO_API_KEY },
        }),
      );
      expect(denied.status).toBe(401);
    } finally {
      ws.close();
    }
  });
});
