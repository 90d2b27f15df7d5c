import { describe, expect, it } from "vitest";
import { DEFAULT_SEMI_SPACE_MB, DEFAULT_SERVER_HEAP_MB, serverHeapFlags } from "@/lib/launcher/heap";

const OLD = `--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`;
const YOUNG = `--max-semi-space-size=${DEFAULT_SEMI_SPACE_MB}`;
const GC = "--expose-gc";

describe("the server's heap limit", () => {
  it("is set by default, so V8 does not size the heap from the machine's memory", () => {
    expect(serverHeapFlags(undefined)).toEqual([OLD, YOUNG, GC]);
    expect(serverHeapFlags("--enable-source-maps")).toEqual([OLD, YOUNG, GC]);
  });

  it("leaves the operator's own limit in NODE_OPTIONS alone, however it is spelled", () => {
    expect(serverHeapFlags("--max-old-space-size=2048")).toEqual([YOUNG, GC]);
    expect(serverHeapFlags("--enable-source-maps --max_old_space_size=1024")).toEqual([YOUNG, GC]);
    expect(serverHeapFlags("--max-semi-space-size=32")).toEqual([OLD, GC]);
    expect(serverHeapFlags("--max_semi_space_size=2 --max-old-space-size=300 --expose-gc")).toEqual([]);
    // --max-heap-size sizes both generations; V8 refuses it beside the other two.
    expect(serverHeapFlags("--max-heap-size=1024")).toEqual([GC]);
  });

  it("starts Node: V8 accepts every flag it gives", async () => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync(
      process.execPath,
      [...serverHeapFlags(undefined), "-e", "console.log(typeof globalThis.gc)"],
      { encoding: "utf8" },
    );
    expect(out.trim()).toBe("function");
  });
});
