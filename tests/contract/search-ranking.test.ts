import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBlog, type Blog } from "@/lib/blog/model";
import {
  startLocalWorkspaceServer,
  LOCAL_DEMO_API_KEY,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { searchIndexFor, searchPosts } from "@/lib/search/engine";
import { parseSearchQuery } from "@/lib/search/query";
import { createWorkspaceClient, type WorkspaceClient } from "@/lib/workspace";

/*
 * Ranking on the demo blog exactly as the site gets it: the local workspace's blog-posts list
 * over HTTP, through the same client and model the pages use.
 */

/** Ranking alone, outside the site-wide budget (budget.ts has its own tests). */
const unbudgeted = () => {};

let ws: LocalWorkspaceServer;
let blog: Blog;
let raw: Awaited<ReturnType<WorkspaceClient["listBlogPosts"]>>;

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  const client = createWorkspaceClient({ apiBase: `${ws.url}/api/external`, apiKey: LOCAL_DEMO_API_KEY });
  raw = await client.listBlogPosts();
  blog = buildBlog(raw);
});

afterAll(async () => {
  await ws.close();
});

function search(q: string) {
  const query = parseSearchQuery(q);
  if (query.kind !== "ok") throw new Error(`"${q}" did not parse: ${query.kind}`);
  return searchPosts(blog, query.terms, unbudgeted);
}

const slugs = async (q: string) => (await search(q)).hits.map((h) => h.post.slug);

describe("search ranking on the demo blog", () => {
  it.each([
    // typo in both words
    ["statc blg", "shipping-a-static-blog-that-feels-live"],
    // prefix
    ["cach", "caching-without-tears"],
    // typo in a longer word, two words
    ["feture flgs", "a-field-guide-to-feature-flags"],
    // symbol kept: "C++" is not "C"
    ["C++ profiling", "profiling-a-cpp-service-in-production"],
    // title beats description
    ["contrast", "colour-contrast-is-not-optional"],
    // accents folded
    ["désign critiques", "how-we-run-design-critiques"],
  ])("%s → %s first", async (q, first) => {
    expect((await slugs(q))[0]).toBe(first);
  });

  it("finds posts by author name", async () => {
    const hits = await slugs("Rafael");
    expect(new Set(hits)).toEqual(
      new Set(
        blog.postsByAuthor.get(blog.authors.find((a) => a.name.startsWith("Rafael"))!.id)!.map((p) => p.slug),
      ),
    );
  });

  it("finds posts by keyword, with a typo", async () => {
    const hits = await slugs("acessibility");
    expect(hits.slice(0, 2).sort()).toEqual([
      "colour-contrast-is-not-optional",
      "designing-forms-people-can-finish",
    ]);
  });

  it("prefers posts that match every word, and falls back to any word", async () => {
    const all = await search("remote culture");
    expect(all.matched).toBe("all");
    expect(all.hits.length).toBeGreaterThan(0);
    for (const h of all.hits)
      expect(h.post.keywords.map((k) => k.label)).toEqual(expect.arrayContaining(["Remote Work", "Culture"]));
    const some = await search("caching zebra");
    expect(some.matched).toBe("some");
    expect(some.hits[0]?.post.slug).toBe("caching-without-tears");
  });

  it("reports matched words for highlighting", async () => {
    const [hit] = (await search("statc blg")).hits;
    expect([...hit!.matchedTerms].sort()).toEqual(["blog", "static"]);
  });

  it("finds nothing for a word no post has", async () => {
    expect((await search("xylophone")).hits).toEqual([]);
  });

  it("builds one index per copy of the blog, and a new copy (a refetch) gets its own", async () => {
    expect(searchIndexFor(blog)).toBe(searchIndexFor(blog));
    const index = await searchIndexFor(blog);
    expect(index.documentCount).toBe(blog.posts.length);
    // A changed post arrives as a new copy: a new index that finds the change.
    const changed = buildBlog({
      blogName: blog.name,
      posts: raw.posts.map((p, i) => (i === 0 ? { ...p, title: "Zeppelins Over the Harbour" } : p)),
    });
    expect(await searchIndexFor(changed)).not.toBe(index);
    expect((await searchPosts(changed, ["zeppelins"], unbudgeted)).hits[0]?.post.title).toBe(
      "Zeppelins Over the Harbour",
    );
    expect((await searchPosts(blog, ["zeppelins"], unbudgeted)).hits).toEqual([]);
  });
});
