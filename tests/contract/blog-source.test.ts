import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import { untilBothGaveUp } from "../helpers/blog-requests";
import * as workspace from "../helpers/workspace-controls";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The blog's data layer as `next build` sees it (NEXT_PHASE set), against the local workspace
 * over real HTTP: one upstream request however many pages ask, and a fast, single, clear
 * failure naming the URL and the cause when the workspace misbehaves.
 */

const fixture = localWorkspaceForSuite();
const saved = { ...process.env };

async function freshSource() {
  // A new build worker is a new process: its modules read the configuration afresh (env()), and
  // the store's per-process memos (its copy, build failure and clients) start empty.
  vi.resetModules();
  resetProcessState();
  return import("@/lib/blog/source");
}

const fault = (body: workspace.Fault | null) => workspace.setFault(fixture.server.url, body);
const stats = async () => (await workspace.stats(fixture.server.url)).byRoute;

beforeAll(async () => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: "phase-production-build" });
});
afterEach(async () => {
  await fault(null);
  vi.restoreAllMocks();
});
afterAll(async () => {
  process.env = saved;
});

describe("loadBlog during a build", () => {
  it("makes one list request and one slugs request however many pages ask at once", async () => {
    await workspace.resetStats(fixture.server.url);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { loadBlog } = await freshSource();
    const results = await Promise.all(Array.from({ length: 200 }, () => loadBlog()));
    expect(results[0]!.blog.posts.length).toBeGreaterThanOrEqual(14);
    expect(new Set(results.map((r) => r.blog)).size).toBe(1);
    const byRoute = await stats();
    expect(byRoute["GET /api/external/v2/blog-posts"]).toBe(1);
    expect(byRoute["GET /api/external/v2/blog-posts/slugs"]).toBe(1);
  });

  it.each([
    // The last column: requests per endpoint (a 503 is retried once; a Retry-After beyond the cap is not).
    [{ mode: "status", status: 503 }, /HTTP 503/, 2 as const],
    [{ mode: "malformed-json" }, /not a blog-post list/, 1 as const],
    [{ mode: "wrong-shape" }, /not a blog-post list/, 1 as const],
    [{ mode: "rate-limit", retryAfter: 30 }, /rate-limiting/, 1 as const],
  ])("fails fast with one message naming the URL and the cause: %o", async (f, cause, attempts) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await workspace.resetStats(fixture.server.url);
    await fault(f);
    const { loadBlog } = await freshSource();
    const started = Date.now();
    const error = (await loadBlog().catch((e: unknown) => e)) as Error;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(error.name).toBe("BlogSourceError");
    expect(error.message).toMatch(
      new RegExp(
        `from GET ${fixture.server.url.replace(/[.]/g, "\\.")}/api/external/v2/blog-posts(/slugs)?: `,
      ),
    );
    expect(error.message).toMatch(cause);
    expect(error.message).toMatch(/build stops here rather than publish an empty blog/);
    // Remembered for the rest of the build: no second round of requests per page. The first
    // round may still have a retry in flight (the slugs failing first ends loadBlog): wait for
    // both requests' attempts before counting afresh.
    await untilBothGaveUp(fixture.server, attempts);
    await workspace.resetStats(fixture.server.url);
    await expect(loadBlog()).rejects.toThrow(error.message);
    expect((await stats())["GET /api/external/v2/blog-posts"] ?? 0).toBe(0);
  });

  it("names the address and ECONNREFUSED when nothing listens", async () => {
    const port = process.env.LOCAL_WORKSPACE_PORT;
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    process.env.LOCAL_WORKSPACE_PORT = String(closedPort);
    try {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { loadBlog } = await freshSource();
      const started = Date.now();
      const error = (await loadBlog().catch((e: unknown) => e)) as Error;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error.message).toMatch(
        new RegExp(
          String.raw`^Cannot load the blog from GET http:\/\/127\.0\.0\.1:${closedPort}\/api\/external\/v2\/blog-posts(\/slugs)?: the workspace could not be reached \(ECONNREFUSED\)\.`,
        ),
      );
    } finally {
      process.env.LOCAL_WORKSPACE_PORT = port;
    }
  });

  it("a hanging workspace fails within the build timeout, not never", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.WORKSPACE_TIMEOUT_MS = "1000";
    try {
      await fault({ mode: "hang" });
      const { loadBlog } = await freshSource();
      const started = Date.now();
      const error = (await loadBlog().catch((e: unknown) => e)) as Error;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(error.message).toMatch(/did not answer within 1000 ms/);
    } finally {
      delete process.env.WORKSPACE_TIMEOUT_MS;
    }
  });
});
