import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MastheadCacheHandler, { closeNextCacheConnections } from "../../lib/next-cache/cache-handler.mjs";
import { until } from "../helpers/until";
import { blogRequests } from "../helpers/blog-requests";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The blog store at run time, against the local workspace over real HTTP: one copy per process
 * from which the known addresses and the search index are derived, and one freshness signal (the
 * blog tag revalidated through Next's cache handler, here or heard from another instance through
 * Redis) that drops all of it and loads the next copy without a reader asking.
 */

const fixture = localWorkspaceForSuite();
const saved = { ...process.env };

const listRequests = async () => (await blogRequests(fixture.server)).list;

beforeAll(() => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: undefined, BLOG_REVALIDATE_SECONDS: "300" });
});

afterAll(async () => {
  process.env = saved;
  await closeNextCacheConnections();
});

describe("one blog store per process", () => {
  it("derives addresses and the search index from one copy, and drops them all when the blog tag is revalidated", async () => {
    const source = await import("@/lib/blog/source");
    const { BLOG_CACHE_TAG } = await import("@/lib/blog/source");
    const { currentBlog, isUnknownAddress } = await import("@/lib/blog/store-state");
    const { searchIndexFor } = await import("@/lib/search/engine");
    source.forgetBlogData();
    expect(currentBlog()).toBeNull();
    // No copy: the routes decide.
    expect(isUnknownAddress("/blog/no-such-post")).toBe(false);

    const before = await listRequests();
    await source.startBlogStore();
    const { blog } = await source.loadBlog();
    await Promise.all([source.loadBlog(), source.loadBlog()]);
    expect(await listRequests()).toBe(before + 1); // one fetch for every reader
    expect(currentBlog()).toBe(blog);
    const index = await searchIndexFor(blog);
    expect(index.documentCount).toBe(blog.posts.length);

    // The server's question: which blog addresses name nothing in this copy.
    const known = blog.posts[0]!.slug;
    expect(isUnknownAddress("/blog/no-such-post")).toBe(true);
    expect(isUnknownAddress("/tags/no-such-tag")).toBe(true);
    expect(isUnknownAddress("/og/blog/no-such-post")).toBe(true);
    expect(isUnknownAddress(`/blog/${known}`)).toBe(false);

    // What the cache handler does when Next revalidates a tag (on this instance, or as it hears
    // it from another one): an unrelated tag leaves the copy; the blog's drops it.
    const handler = new MastheadCacheHandler({}, { redisUrl: null, instance: "blog-store-test" });
    await handler.revalidateTag("some-other-tag", { expire: 300 });
    expect(currentBlog()).toBe(blog);
    await handler.revalidateTag(BLOG_CACHE_TAG, { expire: 300 });
    expect(currentBlog()).toBeNull();
    expect(isUnknownAddress("/blog/no-such-post")).toBe(false);
    // The store runs (as instrumentation starts it): the next copy loads without a reader asking.
    await until(() => currentBlog() !== null, { what: "the copy after the revalidation", timeoutMs: 5_000 });

    const { blog: refetched } = await source.loadBlog();
    expect(refetched).not.toBe(blog);
    expect(await listRequests()).toBe(before + 2);
    expect(await searchIndexFor(refetched)).not.toBe(index);
    expect(isUnknownAddress("/blog/no-such-post")).toBe(true);

    source.forgetBlogData();
    expect(currentBlog()).toBeNull();
  });
});
