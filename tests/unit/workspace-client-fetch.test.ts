import { afterEach, describe, expect, it } from "vitest";
import { createWorkspaceClient } from "@/lib/workspace/client";

/*
 * The app's workspace client is one per process, and the first to ask for it may be
 * instrumentation.ts, before Next has patched the global fetch. Its requests must still go
 * through the fetch in place when they are sent (Next's patched fetch), and never ask Next's data
 * cache to keep an answer: the blog store keeps what pages read.
 */

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

describe("the workspace client's fetch", () => {
  it("is the global fetch at the time of each request, not at the time the client was made", async () => {
    const calls = { before: 0, after: 0 };
    globalThis.fetch = (async () => {
      calls.before++;
      return Response.json({ data: [] });
    }) as typeof fetch;
    const client = createWorkspaceClient({
      apiBase: "http://workspace.invalid/api",
      apiKey: "k",
      maxRetries: 0,
    });

    const seen: { cache?: unknown }[] = [];
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.after++;
      seen.push({ cache: init?.cache });
      return Response.json({ data: ["a-post"] });
    }) as typeof fetch;
    await client.listBlogSlugs().catch(() => undefined);

    expect(calls).toEqual({ before: 0, after: 1 });
    expect(seen[0]?.cache).toBe("no-store"); // never Next's data cache
  });

  it("is the one given, when one is given", async () => {
    let given = 0;
    globalThis.fetch = (async () => {
      throw new Error("the global fetch was used");
    }) as typeof fetch;
    const client = createWorkspaceClient({
      apiBase: "http://workspace.invalid/api",
      apiKey: "k",
      maxRetries: 0,
      fetch: (async () => {
        given++;
        return Response.json({ data: [] });
      }) as typeof fetch,
    });
    await client.listBlogSlugs().catch(() => undefined);
    expect(given).toBe(1);
  });
});
