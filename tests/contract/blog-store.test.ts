import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHandoff } from "../../lib/next-cache/app-handoff.mjs";
import { closeNextCacheConnections, tagRevalidatedAt } from "../../lib/next-cache/cache-handler.mjs";
import { blogRequests } from "../helpers/blog-requests";
import { cacheHandlerFor } from "../helpers/next-cache";
import { clockPast } from "../helpers/until";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The blog store at run time, against the local workspace over real HTTP: one copy per process
 * from which the known addresses and the search index are derived, one freshness signal (the
 * blog tag's revalidation, as Next's cache handler knows it) that drops all of it, and the
 * cache handler answering unknown addresses from it without a render.
 */

const fixture = localWorkspaceForSuite();
const saved = { ...process.env };
let distDir: string;

type Entry = { value: { kind: string; status?: number; html?: string; body?: Buffer } | null } | null;

const listRequests = async () => (await blogRequests(fixture.server)).list;

/** A build folder with the prerendered not-found page the handler answers unknown addresses with. */
function buildDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-blog-store-"));
  const app = path.join(dir, "server", "app");
  mkdirSync(path.join(app, "_not-found.segments"), { recursive: true });
  writeFileSync(path.join(dir, "BUILD_ID"), "store-test");
  writeFileSync(path.join(app, "_not-found.html"), "<h1>This page could not be found</h1>");
  writeFileSync(path.join(app, "_not-found.rsc"), "rsc:not-found");
  writeFileSync(path.join(app, "_not-found.segments", "_tree.segment.rsc"), "tree");
  writeFileSync(
    path.join(app, "_not-found.meta"),
    JSON.stringify({ status: 404, headers: { "x-next-cache-tags": "blog" }, segmentPaths: ["/_tree"] }),
  );
  writeFileSync(
    path.join(dir, "prerender-manifest.json"),
    JSON.stringify({
      routes: { "/_not-found": { initialRevalidateSeconds: 300, initialExpireSeconds: 31_536_000 } },
    }),
  );
  return dir;
}

function handler() {
  return cacheHandlerFor(distDir, { redisUrl: null, instance: "blog-store" });
}

beforeAll(() => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: undefined, BLOG_REVALIDATE_SECONDS: "300" });
  distDir = buildDir();
});

afterAll(async () => {
  process.env = saved;
  await closeNextCacheConnections();
  rmSync(distDir, { recursive: true, force: true });
});

describe("one blog store per process", () => {
  it("derives addresses and the search index from one copy, and drops them all on the blog tag's revalidation", async () => {
    const cache = handler(); // loaded first, as Next loads it before any render
    const source = await import("@/lib/blog/source");
    // Connected both ways, as instrumentation.ts does when a server starts.
    connectHandoff({ tagRevalidatedAt, isUnknownAddress: source.isUnknownAddress });
    const { searchIndexFor } = await import("@/lib/search/engine");
    source.forgetBlogData();
    expect(source.currentBlog()).toBeNull();

    const before = await listRequests();
    const { blog } = await source.loadBlog();
    await Promise.all([source.loadBlog(), source.loadBlog()]);
    expect(await listRequests()).toBe(before + 1); // one fetch for every reader
    expect(source.currentBlog()).toBe(blog);
    const index = await searchIndexFor(blog);
    expect(index.documentCount).toBe(blog.posts.length);

    // Unknown addresses are answered from the store's copy, without a render; known ones are not.
    const known = blog.posts[0]!.slug;
    const page = { kind: "APP_PAGE", isFallback: false };
    const unknown = (await cache.get("/route-cache/APP_PAGE/abc/$/blog/no-such-post", page)) as Entry;
    expect(unknown?.value).toMatchObject({ kind: "APP_PAGE", status: 404 });
    expect(unknown?.value?.html).toContain("could not be found");
    expect(((await cache.get("/tags/no-such-tag", page)) as Entry)?.value?.status).toBe(404);
    const image = (await cache.get("/og/blog/no-such-post", { kind: "APP_ROUTE" })) as Entry;
    expect(image?.value).toMatchObject({ kind: "APP_ROUTE", status: 404 });
    expect(await cache.get(`/blog/${known}`, page)).toBeNull(); // a miss: Next renders it

    // The blog tag is revalidated (here, or on any instance via Redis): the copy and all that
    // was derived from it are dropped together, and the next reader fetches again.
    await clockPast();
    await cache.revalidateTag("blog", { expire: 31_536_000 });
    expect(source.currentBlog()).toBeNull();
    expect(await cache.get("/blog/no-such-post", page)).toBeNull(); // no current copy: the route decides
    // A copy fetched in the same millisecond as the revalidation counts as older (by design):
    // let the clock pass it, as any real render does.
    await clockPast();
    const { blog: refetched } = await source.loadBlog();
    expect(refetched).not.toBe(blog);
    expect(await listRequests()).toBe(before + 2);
    expect(await searchIndexFor(refetched)).not.toBe(index);
    expect(((await cache.get("/blog/no-such-post", page)) as Entry)?.value?.status).toBe(404);

    source.forgetBlogData();
    expect(source.currentBlog()).toBeNull();
  });
});
