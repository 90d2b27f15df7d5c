import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patchFetch } from "next/dist/server/lib/patch-fetch";
import { unpatchedFetch } from "@/lib/next-cache/next-internals.mjs";

/*
 * The blog's list request relies on the fetch Next's patched fetch wraps. These cases run
 * Next's own patching (the function its server calls before rendering) and fail when Next stops
 * keeping that fetch where lib/next-cache/next-internals.mjs looks: the code would otherwise fall
 * back to the patched fetch without a word, and the list would go through Next's data cache. (The
 * server's start-up check, assertNextInternals, probes the same thing.)
 */

const PATCHED = Symbol.for("next-patch");
let server: Server;
let url: string;
const original = globalThis.fetch;

/** Counts how often Next's patched fetch asks for the render it runs in. */
const lookups = { work: 0, workUnit: 0 };
const storage = (key: keyof typeof lookups) => ({
  getStore() {
    lookups[key]++;
    return undefined;
  },
});

beforeAll(async () => {
  server = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  expect(unpatchedFetch()).toBe(original); // not patched yet: fetch itself
  patchFetch({
    workAsyncStorage: storage("work"),
    workUnitAsyncStorage: storage("workUnit"),
  } as unknown as Parameters<typeof patchFetch>[0]);
});

afterAll(async () => {
  globalThis.fetch = original;
  delete (globalThis as Record<symbol, unknown>)[PATCHED];
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the fetch the blog's list request uses", () => {
  it("Next patches the global fetch (else there is nothing to go around)", () => {
    expect(globalThis.fetch).not.toBe(original);
    expect((globalThis.fetch as { __nextPatched?: boolean }).__nextPatched).toBe(true);
  });

  it("is not Next's patched fetch, and never consults the render it is called from", async () => {
    const f = unpatchedFetch();
    expect(f).not.toBe(globalThis.fetch);
    expect((f as { __nextPatched?: boolean }).__nextPatched).toBeUndefined();

    lookups.work = lookups.workUnit = 0;
    const res = await f(url);
    expect(await res.text()).toBe("ok");
    expect(lookups).toEqual({ work: 0, workUnit: 0 });

    // The patched fetch does consult it: the counters above can see the difference.
    await (await globalThis.fetch(url)).text();
    expect(lookups.work).toBeGreaterThan(0);
  });
});
