import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequests } from "../helpers/blog-requests";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * The blog store at run time, against the local workspace over real HTTP: one copy per process
 * from which the known addresses and the search index are derived, and one freshness signal (a
 * new mark of the blog tag, made after a revalidation on any instance) that drops all of it.
 */

const fixture = localWorkspaceForSuite();
const saved = { ...process.env };

const listRequests = async () => (await blogRequests(fixture.server)).list;

beforeAll(() => {
  pointAppAtWorkspace(fixture.server, { NEXT_PHASE: undefined, BLOG_REVALIDATE_SECONDS: "300" });
});

afterAll(() => {
  process.env = saved;
});

describe("one blog store per process", () => {
  it("derives addresses and the search index from one copy, and drops them all on a newer mark of the blog tag", async () => {
    const source = await import("@/lib/blog/source");
    const { currentBlog, isUnknownAddress } = await import("@/lib/blog/store-state");
    const { searchIndexFor } = await import("@/lib/search/engine");
    source.forgetBlogData();
    expect(currentBlog()).toBeNull();
    // No copy: the routes decide.
    expect(isUnknownAddress("/blog/no-such-post")).toBe(false);

    const before = await listRequests();
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

    // The first mark read is the baseline; the same mark again changes nothing.
    const fetchedAt = Date.now();
    source.noticeTagMark({ id: "first", at: fetchedAt - 60_000 });
    source.noticeTagMark({ id: "first", at: fetchedAt - 60_000 });
    expect(currentBlog()).toBe(blog);
    // A new mark made before the copy was fetched stands for a revalidation the copy has seen.
    source.noticeTagMark({ id: "older", at: fetchedAt - 30_000 });
    expect(currentBlog()).toBe(blog);
    // A new mark made after it: the blog was revalidated somewhere since, and everything goes.
    source.noticeTagMark({ id: "newer", at: Date.now() + 1 });
    expect(currentBlog()).toBeNull();
    expect(isUnknownAddress("/blog/no-such-post")).toBe(false);

    const { blog: refetched } = await source.loadBlog();
    expect(refetched).not.toBe(blog);
    expect(await listRequests()).toBe(before + 2);
    expect(await searchIndexFor(refetched)).not.toBe(index);
    expect(isUnknownAddress("/blog/no-such-post")).toBe(true);

    source.forgetBlogData();
    expect(currentBlog()).toBeNull();
  });
});
