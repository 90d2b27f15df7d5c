import { describe, expect, it } from "vitest";
import { createWorkspaceClient } from "@/lib/workspace/client";

/*
 * An answer that goes through Next's data cache (the blog's slugs, read by every page's layout)
 * is read again on every render with the same text: it is parsed and checked once per text.
 */

function clientAnswering(bodies: string[]) {
  let i = 0;
  return createWorkspaceClient({
    apiBase: `http://workspace-${Math.random().toString(36).slice(2)}.invalid/api`,
    apiKey: "k",
    maxRetries: 0,
    fetch: (async () =>
      new Response(bodies[Math.min(i++, bodies.length - 1)], {
        headers: { "content-type": "application/json" },
      })) as typeof fetch,
  });
}

const cached = { nextCache: { revalidate: 60, tags: ["blog"] } };

describe("a cached answer read again", () => {
  it("is the value read the first time while its text is the same", async () => {
    const client = clientAnswering([JSON.stringify({ slugs: ["a", "b"] })]);
    const first = await client.listBlogSlugs(cached);
    const second = await client.listBlogSlugs(cached);
    expect(first).toEqual(["a", "b"]);
    expect(second).toBe(first);
  });

  it("is read anew when its text changes (a revalidation)", async () => {
    const client = clientAnswering([JSON.stringify({ slugs: ["a"] }), JSON.stringify({ slugs: ["a", "c"] })]);
    expect(await client.listBlogSlugs(cached)).toEqual(["a"]);
    expect(await client.listBlogSlugs(cached)).toEqual(["a", "c"]);
  });

  it("is checked anew when it turns to garbage: the error, not the last good value", async () => {
    const client = clientAnswering([JSON.stringify({ slugs: ["a"] }), JSON.stringify({ slugs: "nope" })]);
    await client.listBlogSlugs(cached);
    await expect(client.listBlogSlugs(cached)).rejects.toMatchObject({ code: "bad_response" });
  });

  it("is parsed on every read when it is not cached by Next", async () => {
    const client = clientAnswering([JSON.stringify({ slugs: ["a", "b"] })]);
    const first = await client.listBlogSlugs();
    expect(await client.listBlogSlugs()).not.toBe(first);
  });
});
