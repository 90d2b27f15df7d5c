import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeState } from "@/lib/blog/store-state";
import { closeNextCacheConnections } from "../../lib/next-cache/cache-handler.mjs";
import { until } from "../helpers/until";
import { blogRequests } from "../helpers/blog-requests";
import * as workspace from "../helpers/workspace-controls";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The blog store loads in the background, against the local workspace over real HTTP: at start
 * (readiness answers 503 until the blog and its search index are there), past the copy's
 * interval (readers keep the copy they have while the next one loads) and after a revalidation
 * (the next copy loads without a reader asking).
 */

const fixture = localWorkspaceForSuite();
const saved = { ...process.env };

const listRequests = async () => (await blogRequests(fixture.server)).list;

const fault = (body: workspace.Fault) => workspace.setFault(fixture.server.url, body);

async function readiness(): Promise<{ status: number; body: { status: string } }> {
  const { GET } = await import("@/app/api/health/ready/route");
  const res = await GET();
  return { status: res.status, body: (await res.json()) as { status: string } };
}

beforeAll(() => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: undefined, BLOG_REVALIDATE_SECONDS: "2" });
});

afterAll(async () => {
  await fault({ mode: "off" });
  process.env = saved;
  await closeNextCacheConnections();
});

describe("the blog store in the background", () => {
  it("loads the blog and its search index at start, not on a reader's time; not ready until then", async () => {
    const source = await import("@/lib/blog/source");
    const { indexEachNewBlog } = await import("@/lib/search/engine");
    const before = await listRequests();
    // The list takes a while: long enough to see readiness say "starting".
    await fault({ mode: "slow", delayMs: 600, pathPrefix: "/api/external/v2/blog-posts", count: 1 });
    // What instrumentation.ts does when a server starts.
    indexEachNewBlog();
    const started = source.startBlogStore();
    expect(await readiness()).toEqual({ status: 503, body: { status: "starting" } });
    expect(source.currentBlog()).toBeNull();
    await started;
    expect((await readiness()).status).toBe(200);
    const blog = source.currentBlog();
    expect(blog).not.toBeNull();
    expect(await listRequests()).toBe(before + 1);
    // The index was built with the copy, before any search asked for it.
    expect([...storeState().derived.get(blog!)!.keys()].sort()).toEqual(["searchIndex", "sitemapFiles"]);
    const { searchPosts } = await import("@/lib/search/engine");
    const { hits } = await searchPosts(blog!, [blog!.posts[0]!.title.split(" ")[0]!.toLowerCase()], () => {});
    expect(hits.length).toBeGreaterThan(0);
    expect(await listRequests()).toBe(before + 1);
  });

  it("past its interval, answers from the copy it has while the next one loads", async () => {
    const source = await import("@/lib/blog/source");
    const old = source.currentBlog()!;
    expect(old).not.toBeNull();
    const before = await listRequests();
    // The next list is slow; whoever asks meanwhile is answered at once from the copy in hand.
    await fault({ mode: "slow", delayMs: 1_500, pathPrefix: "/api/external/v2/blog-posts", count: 1 });
    await until(async () => (await listRequests()) > before, {
      what: "the background refetch",
      timeoutMs: 5_000,
    });
    expect(await source.blogList()).toBe(old);
    expect(source.currentBlog()).toBe(old);
    await until(() => source.currentBlog() !== old, { what: "the next copy", timeoutMs: 10_000 });
    const next = source.currentBlog()!;
    await until(() => storeState().derived.get(next)?.has("searchIndex") ?? false, {
      what: "the next copy's index",
    });
  });

  it("after a revalidation, loads the next copy without a reader asking", async () => {
    const source = await import("@/lib/blog/source");
    const old = source.currentBlog();
    const before = await listRequests();
    source.forgetBlogData();
    expect(source.currentBlog()).toBeNull();
    await until(() => source.currentBlog() !== null, {
      what: "the copy after the revalidation",
      timeoutMs: 5_000,
    });
    expect(source.currentBlog()).not.toBe(old);
    expect(await listRequests()).toBeGreaterThan(before);
  });
});
