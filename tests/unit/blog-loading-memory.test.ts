import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverHeapFlags } from "@/lib/launcher/heap";
import { releaseLoadingMemory } from "@/lib/blog/loading-memory";

/*
 * What the server gives back once the blog is loaded, seen from a child Node process started with
 * the launcher's flags: after a burst of allocation like a large blog's loading, V8 keeps the
 * memory until its memory reducer runs; releaseLoadingMemory() returns it at once.
 */

const MODULE = path.resolve(__dirname, "../../lib/blog/loading-memory.ts");

const SCRIPT = `
import { releaseLoadingMemory } from ${JSON.stringify(MODULE)};
const mib = () => process.memoryUsage().rss / 2 ** 20;
let garbage = [];
for (let i = 0; i < 2e6; i++) garbage.push({ i, text: "post " + i, list: [i] });
const kept = garbage.slice(0, 2e5);
garbage = null;
globalThis.gc();
const before = mib();
const ms = releaseLoadingMemory();
console.log(JSON.stringify({ before, after: mib(), ms, kept: kept.length }));
`;

describe("memory given back after loading", () => {
  it("returns what a burst of allocation left behind, with the launcher's --expose-gc", () => {
    const out = execFileSync(
      process.execPath,
      [...serverHeapFlags(undefined), "--import", "tsx", "--input-type=module", "-e", SCRIPT],
      { encoding: "utf8", cwd: path.resolve(__dirname, "../.."), timeout: 60_000 },
    );
    const m = JSON.parse(out.trim().split("\n").at(-1)!) as { before: number; after: number; ms: number };
    expect(m.ms).toBeGreaterThanOrEqual(0);
    // An ordinary full collection keeps most of what loading took; the release leaves well under
    // half.
    expect(m.before).toBeGreaterThan(200);
    expect(m.after).toBeLessThan(m.before / 2);
  });

  it("does nothing where the process has no exposed gc", () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).not.toBe("function");
    expect(releaseLoadingMemory()).toBeNull();
  });
});
