import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createLocalWorkspace, DB_FILE_NAME, LOCAL_DEMO_API_KEY } from "@/lib/local-workspace";
import {
  blogListV2Schema,
  call,
  expectError,
  listMembersSchema,
  readOutbox,
  resetWorkspace,
  slugsSchema,
  startTestWorkspace,
} from "../helpers/local-workspace-server";
import { localWorkspaceForSuite } from "../helpers/workspace-fixture";

const statsSchema = z.object({
  requests: z.object({ total: z.number().int(), byRoute: z.record(z.string(), z.number().int()) }),
  since: z.string(),
});
const faultStateSchema = z.object({
  fault: z
    .object({ mode: z.string(), pathPrefix: z.string(), remaining: z.number().nullable() })
    .passthrough()
    .nullable(),
});

const fixture = localWorkspaceForSuite({ resetBeforeEach: true });
beforeEach(async () => {
  await call(fixture.server, "/__local/faults", { method: "DELETE", key: null });
});

const local = (path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(fixture.server, path, { key: null, accept: null, ...opts });

describe("/__local/health", () => {
  it("reports ok and the workspaces", async () => {
    const r = await local("/__local/health");
    expect(r.status).toBe(200);
    const body = z
      .object({
        ok: z.literal(true),
        workspaces: z.array(
          z.object({
            id: z.string(),
            default: z.boolean(),
            blog_name: z.string(),
            members: z.number(),
            posts: z.number(),
          }),
        ),
      })
      .parse(r.json());
    expect(body.workspaces.map((w) => w.id)).toEqual(["demo", "acme"]);
    expect(body.workspaces[0]).toMatchObject({
      default: true,
      blog_name: "The Masthead Journal",
      members: 8,
      posts: 16,
    });
  });
});

describe("/__local/articles/<slug>", () => {
  it("shows a post's full article with its authors in order, and 404 for an unknown slug", async () => {
    const r = await local("/__local/articles/shipping-a-static-blog-that-feels-live");
    expect(r.status).toBe(200);
    expect(r.text).toContain("<h1>Shipping a Static Blog That Still Feels Live</h1>");
    expect(r.text).toContain("The Masthead Journal · Linus Berg, Mei Tanaka ·");
    expect((await local("/__local/articles/no-such-post")).status).toBe(404);
  });
});

describe("/__local/reset", () => {
  it("restores the demo seed after changes", async () => {
    await call(fixture.server, "/api/external/v2/team-members", {
      method: "POST",
      body: { emails: ["x@example.com"] },
    });
    await call(fixture.server, "/api/external/v2/email-subscriptions", {
      method: "POST",
      body: { email: "y@example.com" },
    });
    expect((await readOutbox(fixture.server)).emails).toHaveLength(2);
    const r = await local("/__local/reset", { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true, synthetic: { posts: 0, members: 0 } });
    const members = listMembersSchema.parse(
      (await call(fixture.server, "/api/external/v2/team-members")).json(),
    );
    expect(members.pagination.total_records).toBe(8);
    expect((await readOutbox(fixture.server)).emails).toHaveLength(0);
  });

  it("seeds synthetic posts and members on request", async () => {
    await resetWorkspace(fixture.server, { posts: 120, members: 95 });
    const slugs = slugsSchema.parse(
      (await call(fixture.server, "/api/external/v2/blog-posts/slugs")).json(),
    ).slugs;
    expect(slugs).toHaveLength(136);
    expect(new Set(slugs).size).toBe(136);
    const posts = blogListV2Schema.parse(
      (await call(fixture.server, "/api/external/v2/blog-posts")).json(),
    ).blog_posts;
    const dates = posts.map((p) => Date.parse(p.publication_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const page = listMembersSchema.parse(
      (await call(fixture.server, "/api/external/v2/team-members?page_number=4&page_size=30")).json(),
    );
    expect(page.pagination).toEqual({ total_records: 103, total_pages: 4, current_page: 4, page_size: 30 });
    expect(page.team_members).toHaveLength(13);
  });

  it.each([[{ posts: -1 }], [{ posts: 100_001 }], [{ members: 1.5 }], [{ posts: "5" }], [{ other: 1 }]])(
    "422 for %j, leaving data intact",
    async (body) => {
      await call(fixture.server, "/api/external/v2/team-members", {
        method: "POST",
        body: { emails: ["keep@example.com"] },
      });
      expectError(await local("/__local/reset", { method: "POST", body }), 422);
      const members = listMembersSchema.parse(
        (await call(fixture.server, "/api/external/v2/team-members")).json(),
      );
      expect(members.pagination.total_records).toBe(9);
    },
  );

  it("400 for malformed JSON", async () => {
    expectError(await local("/__local/reset", { method: "POST", body: "{" }), 400, /JSON/);
  });
});

describe("/__local/* writes refuse other sites (a web page the developer visits)", () => {
  const addMember = () =>
    call(fixture.server, "/api/external/v2/team-members", {
      method: "POST",
      body: { emails: ["keep@example.com"] },
    });
  const memberCount = async () =>
    listMembersSchema.parse((await call(fixture.server, "/api/external/v2/team-members")).json()).pagination
      .total_records;

  it.each([
    [
      "a cross-site text/plain form post",
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      "text/plain",
    ],
    ["a cross-site post claiming JSON", { origin: "https://evil.example" }, "application/json"],
    ["Sec-Fetch-Site: cross-site alone", { "sec-fetch-site": "cross-site" }, "application/json"],
    [
      "Sec-Fetch-Site: same-site (a sibling subdomain)",
      { "sec-fetch-site": "same-site" },
      "application/json",
    ],
    // DNS rebinding: the page's own name now points at 127.0.0.1, so Origin and Host agree.
    [
      "a rebound name whose Origin matches its Host",
      { origin: "http://rebind.evil.example:1", host: "rebind.evil.example:1" },
      "application/json",
    ],
  ])("%s: 403, the workspace is not reset", async (_name, headers, contentType) => {
    await addMember();
    const r = await local("/__local/reset", { method: "POST", body: "{}", contentType, headers });
    expectError(r, 403, /this machine/);
    expect(await memberCount()).toBe(9);
  });

  it("a body that is not JSON is refused (415) even without browser headers; nothing changes", async () => {
    await addMember();
    expectError(
      await local("/__local/reset", { method: "POST", body: "{}", contentType: "text/plain" }),
      415,
    );
    expect(await memberCount()).toBe(9);
  });

  it("tools and the workspace's own pages still reset it: no browser headers, or same-origin ones", async () => {
    await addMember();
    expect((await local("/__local/reset", { method: "POST" })).status).toBe(200);
    expect(await memberCount()).toBe(8);
    await addMember();
    const own = `http://127.0.0.1:${fixture.server.port}`;
    const r = await local("/__local/reset", {
      method: "POST",
      body: {},
      headers: { origin: own, "sec-fetch-site": "same-origin" },
    });
    expect(r.status).toBe(200);
    expect(await memberCount()).toBe(8);
  });
});

describe("synthetic seed", () => {
  it("adds 10,000 posts and 10,000 members in one fast transaction; a count out of range changes nothing", () => {
    const started = performance.now();
    const ws = createLocalWorkspace({ dataDir: ":memory:", reset: { posts: 10_000, members: 10_000 } });
    try {
      expect(performance.now() - started).toBeLessThan(10_000);
      const count = (sql: string) => (ws.db.prepare(sql).get() as { c: number }).c;
      expect(count("SELECT COUNT(*) AS c FROM posts WHERE workspace_id = 'demo'")).toBe(10_016);
      expect(count("SELECT COUNT(*) AS c FROM members WHERE workspace_id = 'demo'")).toBe(10_008);
      expect(() => ws.reset({ posts: 100_001 })).toThrow(RangeError);
      expect(count("SELECT COUNT(*) AS c FROM posts WHERE workspace_id = 'demo'")).toBe(10_016);
    } finally {
      ws.close();
    }
  });
});

describe("/__local/stats", () => {
  it("counts external API requests by method and route, not local ones", async () => {
    expect(
      statsSchema.parse((await local("/__local/stats/reset", { method: "POST" })).json()).requests.total,
    ).toBe(0);
    for (let i = 0; i < 3; i++) await call(fixture.server, "/api/external/v2/blog-posts");
    await call(fixture.server, "/api/external/v2/blog-posts/slugs");
    await call(fixture.server, "/api/external/v2/team-members/6f1c9a52-8d3b-4e7a-9c10-000000000003");
    await call(fixture.server, "/api/external/v2/team-members/6f1c9a52-8d3b-4e7a-9c10-000000000004");
    await call(fixture.server, "/api/external/v2/blog-posts", { key: "wrong" }); // refused requests still reached the upstream
    // Unknown paths share one bucket, so probing random paths cannot grow the counts.
    await call(fixture.server, "/api/external/v2/nope-1");
    await call(fixture.server, "/api/external/v2/nope-2");
    await local("/__local/health");
    const body = statsSchema.parse((await local("/__local/stats")).json());
    expect(body.requests).toEqual({
      total: 9,
      byRoute: {
        "GET (no route)": 2,
        "GET /api/external/v2/blog-posts": 4,
        "GET /api/external/v2/blog-posts/slugs": 1,
        "GET /api/external/v2/team-members/{id}": 2,
      },
    });
    await local("/__local/stats/reset", { method: "POST" });
    expect(statsSchema.parse((await local("/__local/stats")).json()).requests).toEqual({
      total: 0,
      byRoute: {},
    });
  });

  it("is cleared by /__local/reset", async () => {
    await call(fixture.server, "/api/external/v2/blog-posts");
    await resetWorkspace(fixture.server);
    expect(statsSchema.parse((await local("/__local/stats")).json()).requests.total).toBe(0);
  });
});

describe("/__local/faults", () => {
  const setFault = async (body: unknown) => {
    const r = await local("/__local/faults", { method: "POST", body });
    expect(r.status).toBe(200);
    return faultStateSchema.parse(r.json());
  };
  const blog = (opts: Parameters<typeof call>[2] = {}) =>
    call(fixture.server, "/api/external/v2/blog-posts", opts);

  it("status: answers the configured status for `count` requests, then recovers", async () => {
    const state = await setFault({ mode: "status", status: 502, count: 2 });
    expect(state.fault).toMatchObject({
      mode: "status",
      status: 502,
      remaining: 2,
      pathPrefix: "/api/external/",
    });
    expectError(await blog(), 502);
    expect(faultStateSchema.parse((await local("/__local/faults")).json()).fault?.remaining).toBe(1);
    expectError(await blog(), 502);
    expect((await blog()).status).toBe(200);
    expect(faultStateSchema.parse((await local("/__local/faults")).json()).fault).toBeNull();
  });

  it("status: defaults to 503, carries Retry-After when asked, applies before authentication", async () => {
    await setFault({ mode: "status", retryAfter: 3 });
    const r = await blog({ key: null });
    expectError(r, 503);
    expect(r.headers["retry-after"]).toBe("3");
  });

  it("rate-limit: 429 with Retry-After", async () => {
    await setFault({ mode: "rate-limit", retryAfter: 7, count: 1 });
    const r = await blog();
    expectError(r, 429, "Rate limit exceeded");
    expect(r.headers["retry-after"]).toBe("7");
    expect((await blog()).status).toBe(200);
  });

  it("malformed-json: 200 application/json that does not parse", async () => {
    await setFault({ mode: "malformed-json" });
    const r = await blog();
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(() => r.json()).toThrow(SyntaxError);
  });

  it("wrong-shape: 200 valid JSON that is not the documented shape", async () => {
    await setFault({ mode: "wrong-shape" });
    const r = await blog();
    expect(r.status).toBe(200);
    expect(blogListV2Schema.safeParse(r.json()).success).toBe(false);
  });

  it("slow: delays, then answers normally", async () => {
    await setFault({ mode: "slow", delayMs: 300 });
    const started = performance.now();
    const r = await blog();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(blogListV2Schema.parse(r.json()).blog_posts.length).toBeGreaterThan(0);
  });

  it("hang: never answers until the client gives up; clearing the fault restores service", async () => {
    await setFault({ mode: "hang" });
    await expect(blog({ timeoutMs: 300 })).rejects.toThrow(/client timeout/);
    const cleared = await local("/__local/faults", { method: "DELETE" });
    expect(cleared.json()).toEqual({ fault: null });
    expect((await blog()).status).toBe(200);
  });

  it("hang with delayMs ends with 504", async () => {
    await setFault({ mode: "hang", delayMs: 100 });
    expectError(await blog(), 504);
  });

  it("pathPrefix limits the fault; local endpoints are never affected", async () => {
    await setFault({ mode: "status", status: 500, pathPrefix: "/api/external/v1/" });
    expect((await blog()).status).toBe(200);
    expectError(await call(fixture.server, "/api/external/v1/blog_posts"), 500);
    expect((await local("/__local/health")).status).toBe(200);
  });

  it("off clears the fault", async () => {
    await setFault({ mode: "status", status: 500 });
    expect((await setFault({ mode: "off" })).fault).toBeNull();
    expect((await blog()).status).toBe(200);
  });

  it.each([
    [{ mode: "explode" }],
    [{ mode: "status", status: 404 }],
    [{ mode: "slow", delayMs: -1 }],
    [{ mode: "status", pathPrefix: "/__local/" }],
    [{ mode: "status", count: 0 }],
    [{ mode: "status", extra: true }],
  ])("422 for %j", async (body) => {
    expectError(await local("/__local/faults", { method: "POST", body }), 422);
    expect(faultStateSchema.parse((await local("/__local/faults")).json()).fault).toBeNull();
  });

  it("closing the server does not wait for hung requests", async () => {
    const other = await startTestWorkspace();
    await call(other, "/__local/faults", { method: "POST", key: null, body: { mode: "hang" } });
    const pending = call(other, "/api/external/v2/blog-posts").catch((e: Error) => e);
    // The workspace counts a request before applying the fault: once counted, it is hanging.
    await vi.waitFor(
      async () => {
        const stats = statsSchema.parse((await call(other, "/__local/stats", { key: null })).json());
        expect(stats.requests.byRoute["GET /api/external/v2/blog-posts"]).toBe(1);
      },
      { timeout: 2_000, interval: 10 },
    );
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe("file-backed store", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "local-workspace-"));
  });

  it("persists across restarts in WAL mode without re-seeding over changes", async () => {
    try {
      const first = await startTestWorkspace({ dataDir: dir });
      await call(first, "/api/external/v2/team-members", {
        method: "POST",
        body: { emails: ["kept@example.com"] },
      });
      await call(first, "/api/external/v2/team-members/6f1c9a52-8d3b-4e7a-9c10-000000000003", {
        method: "DELETE",
      });
      expect(first.workspace.db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      await first.close();
      expect(existsSync(path.join(dir, DB_FILE_NAME))).toBe(true);

      const second = await startTestWorkspace({ dataDir: dir });
      const emails = listMembersSchema
        .parse((await call(second, "/api/external/v2/team-members")).json())
        .team_members.map((m) => m.email);
      expect(emails).toContain("kept@example.com");
      expect(emails).not.toContain("linus.berg@example.com");
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uses the configured apiKey for the default workspace, and a changed key replaces the old one", async () => {
    try {
      const first = await startTestWorkspace({ dataDir: dir, apiKey: "custom_local_key_0123456789" });
      expectError(await call(first, "/api/external/v2/blog-posts/slugs"), 401);
      expect(
        (await call(first, "/api/external/v2/blog-posts/slugs", { key: "custom_local_key_0123456789" }))
          .status,
      ).toBe(200);
      await first.close();
      const second = await startTestWorkspace({ dataDir: dir });
      expectError(
        await call(second, "/api/external/v2/blog-posts/slugs", { key: "custom_local_key_0123456789" }),
        401,
      );
      expect(
        (await call(second, "/api/external/v2/blog-posts/slugs", { key: LOCAL_DEMO_API_KEY })).status,
      ).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("CLI", () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const cli = path.resolve("lib/local-workspace/cli.ts");

  function run(args: string[], env: Record<string, string> = {}) {
    return spawn(tsx, [cli, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  }

  it("--help prints usage and exits 0", async () => {
    const child = run(["--help"]);
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: npm run workspace/);
    expect(out).toMatch(/--seed-posts/);
  });

  it("refuses an unknown flag with exit code 2", async () => {
    const child = run(["--nope"]);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
  });

  it("starts, prints the ready line, serves, and stops cleanly on SIGTERM", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "local-workspace-cli-"));
    const child = run(["--port", "0", "--seed-posts", "30", "--seed-members", "5"], {
      LOCAL_WORKSPACE_DATA_DIR: dir,
    });
    try {
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /Local workspace listening on (http:\/\/127\.0\.0\.1:\d+) \(data: (.+)\)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on("exit", (code) => reject(new Error(`exited early (${code}): ${out}`)));
      });
      const health = (await (await fetch(`${url}/__local/health`)).json()) as {
        workspaces: { id: string; posts: number; members: number }[];
      };
      expect(health.workspaces[0]).toMatchObject({ id: "demo", posts: 46, members: 13 });
      const slugs = await fetch(`${url}/api/external/v2/blog-posts/slugs`, {
        headers: { "x-api-key": LOCAL_DEMO_API_KEY },
      });
      expect(slugs.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dir, DB_FILE_NAME))).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
    // A cold tsx start on a busy two-core machine can take longer than the default 30 s.
  }, 90_000);
});
