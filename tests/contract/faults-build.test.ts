import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetProcessState } from "@/lib/memo/process-memo.mjs";
import { LOCAL_DEMO_API_KEY } from "@/lib/local-workspace";
import { blogRequests, untilBothGaveUp } from "../helpers/blog-requests";
import * as workspace from "../helpers/workspace-controls";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * "The build" under each fault: the blog data step that `next build` runs (lib/blog/source with
 * NEXT_PHASE set), against a local workspace over real HTTP. Complements
 * tests/contract/blog-source.test.ts (503, malformed JSON, wrong shape, 429, refused connection,
 * hang) with the remaining faults, the transient ones a build must ride out, and the one thing
 * every failure message must not contain. One real `next build` against an unreachable or
 * faulty workspace is not repeated here: it is the same code path, and a build per fault is
 * minutes each on these machines.
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

beforeAll(async () => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: "phase-production-build", WORKSPACE_TIMEOUT_MS: "3000" });
});
afterEach(async () => {
  await fault(null);
  await workspace.resetStats(fixture.server.url);
  vi.restoreAllMocks();
});
afterAll(async () => {
  process.env = saved;
});

describe("the build's data step under faults", () => {
  it.each([
    [{ mode: "status", status: 500 }, /HTTP 500/, 1 as const],
    [{ mode: "status", status: 502 }, /HTTP 502/, 2 as const],
  ])("%o: fails with one clear message naming the URL, never the key", async (f, cause, attempts) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fault(f);
    const { loadBlog } = await freshSource();
    const error = (await loadBlog().catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("BlogSourceError");
    expect(error.message).toContain(`${fixture.server.url}/api/external/v2/blog-posts`);
    expect(error.message).toMatch(cause);
    expect(error.message).not.toContain(LOCAL_DEMO_API_KEY);
    expect(error.stack ?? "").not.toContain(LOCAL_DEMO_API_KEY);
    await untilBothGaveUp(fixture.server, attempts);
  });

  it.each([
    [{ mode: "status", status: 503, count: 1 }],
    [{ mode: "status", status: 502, count: 1 }],
    [{ mode: "rate-limit", retryAfter: 1, count: 1 }],
  ])("a one-off %o is retried and the build gets every post", async (f) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { loadBlog: healthy } = await freshSource();
    const expected = (await healthy()).blog.posts.length;
    await workspace.resetStats(fixture.server.url);
    await fault({ ...f, pathPrefix: "/api/external/v2/blog-posts" });
    const { loadBlog } = await freshSource();
    const { blog } = await loadBlog();
    expect(blog.posts.length).toBe(expected);
    // One list and one slugs request, plus one retry of whichever met the fault: nothing more.
    const { list, slugs } = await blogRequests(fixture.server);
    expect(list + slugs).toBe(3);
    expect(list).toBeGreaterThanOrEqual(1);
    expect(slugs).toBeGreaterThanOrEqual(1);
  });

  it("a slow workspace (1.5 s, within the build timeout) still builds, with one list request", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fault({ mode: "slow", delayMs: 1_500 });
    const { loadBlog } = await freshSource();
    const started = Date.now();
    const all = await Promise.all(Array.from({ length: 20 }, () => loadBlog()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(all[0]!.blog.posts.length).toBeGreaterThanOrEqual(14);
    expect((await blogRequests(fixture.server)).list).toBe(1);
  });

  it("a persistent 429 fails the build quickly with the workspace's Retry-After in the message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fault({ mode: "rate-limit", retryAfter: 1 });
    const { loadBlog } = await freshSource();
    const started = Date.now();
    const error = (await loadBlog().catch((e: unknown) => e)) as Error;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.message).toMatch(/rate-limiting requests \(HTTP 429\), retry after 1 s/);
    expect(error.message).not.toContain(LOCAL_DEMO_API_KEY);
    await untilBothGaveUp(fixture.server, 2);
  });
});
