import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBlog, type Blog } from "@/lib/blog/model";
import {
  startLocalWorkspaceServer,
  LOCAL_DEMO_API_KEY,
  type LocalWorkspaceServer,
} from "@/lib/local-workspace";
import { searchIndexFor, searchPosts } from "@/lib/search/engine";
import { parseSearchQuery } from "@/lib/search/query";
import { createWorkspaceClient } from "@/lib/workspace";

/*
 * Ranking on the demo blog exactly as the site gets it: the local workspace's blog-posts list
 * over HTTP, through the same client and model the pages use.
 */

let ws: LocalWorkspaceServer;
let blog: Blog;

beforeAll(async () => {
  ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  const client = createWorkspaceClient({ apiBase: `${ws.url}/api/external`, apiKey: LOCAL_DEMO_API_KEY });
  blog = buildBlog(await client.listBlogPosts());
});

afterAll(async () => {
  await ws.close();
});

function search(q: string) {
  const query = parseSearchQuery(q);
  if (query.kind !== "ok") throw new Error(`"${q}" did not parse: ${query.kind}`);
  return searchPosts(blog, query.terms);
}

const slugs = (q: string) => search(q).hits.map((h) => h.post.slug);

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
  ])("%s → %s first", (q, first) => {
    expect(slugs(q)[0]).toBe(first);
  });

  it("finds posts by author name, newest first among equals", () => {
    const hits = slugs("Rafael");
    expect(new Set(hits)).toEqual(
      new Set(
        blog.postsByAuthor.get(blog.authors.find((a) => a.name.startsWith("Rafael"))!.id)!.map((p) => p.slug),
      ),
    );
  });

  it("finds posts by keyword, with a typo", () => {
    const hits = slugs("acessibility");
    expect(hits.slice(0, 2).sort()).toEqual([
      "colour-contrast-is-not-optional",
      "designing-forms-people-can-finish",
    ]);
  });

  it("prefers posts that match every word, and falls back to any word", () => {
    const all = search("remote culture");
    expect(all.matched).toBe("all");
    expect(all.hits.length).toBeGreaterThan(0);
    for (const h of all.hits)
      expect(h.post.keywords.map((k) => k.label)).toEqual(expect.arrayContaining(["Remote Work", "Culture"]));
    const some = search("caching zebra");
    expect(some.matched).toBe("some");
    expect(some.hits[0]?.post.slug).toBe("caching-without-tears");
  });

  it("reports matched words for highlighting", () => {
    const [hit] = search("statc blg").hits;
    expect([...hit!.matchedTerms].sort()).toEqual(["blog", "static"]);
  });

  it("finds nothing for a word no post has", () => {
    expect(search("xylophone").hits).toEqual([]);
  });

  it("builds one index per blog object and a new one for a new blog", () => {
    expect(searchIndexFor(blog)).toBe(searchIndexFor(blog));
    const copy = buildBlog({ blogName: blog.name, posts: [] });
    expect(searchIndexFor(copy)).not.toBe(searchIndexFor(blog));
    expect(searchPosts(copy, ["static"]).hits).toEqual([]);
  });
});
