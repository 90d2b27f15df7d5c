import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEMI_SPACE_MB,
  DEFAULT_SERVER_HEAP_MB,
  SERVER_MMAP_THRESHOLD_BYTES,
  serverHeapFlags,
  serverMemoryEnv,
} from "@/lib/launcher/heap";

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

describe("the server's C-library heap", () => {
  it("maps blocks of a socket read's size on their own by default", () => {
    expect(serverMemoryEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: String(SERVER_MMAP_THRESHOLD_BYTES) });
    expect(serverMemoryEnv({ MALLOC_MMAP_THRESHOLD_: "  " })).toEqual({
      MALLOC_MMAP_THRESHOLD_: String(SERVER_MMAP_THRESHOLD_BYTES),
    });
  });

  it("leaves the operator's own glibc settings alone", () => {
    expect(serverMemoryEnv({ MALLOC_MMAP_THRESHOLD_: "131072" })).toEqual({});
    expect(serverMemoryEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" })).toEqual({});
  });

  // glibc only: other C libraries ignore the variable (and manage their heap otherwise).
  const glibc = Boolean(
    (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
  );

  it.runIf(glibc)("returns freed blocks of a socket read's size to the system", async () => {
    const { execFileSync } = await import("node:child_process");
    // 125 MiB in 64 KiB blocks, small blocks among and after them (as a process keeps allocating
    // while it reads), then the large ones freed: resident memory must fall back.
    const script = `
      const mib = () => process.memoryUsage().rss / 2 ** 20;
      let blocks = [];
      const kept = [];
      for (let i = 0; i < 2000; i++) {
        blocks.push(Buffer.alloc(65536, 1));
        if (i % 100 === 0) kept.push(Buffer.alloc(4096 + i, 1));
      }
      kept.push(Buffer.alloc(1024, 1));
      const peak = mib();
      blocks = null;
      globalThis.gc();
      globalThis.gc();
      console.log(JSON.stringify({ peak, after: mib(), kept: kept.length }));
    `;
    const env = { ...process.env, ...serverMemoryEnv({}) };
    delete env.GLIBC_TUNABLES;
    const out = execFileSync(process.execPath, ["--expose-gc", "-e", script], { encoding: "utf8", env });
    const { peak, after } = JSON.parse(out) as { peak: number; after: number };
    expect(peak - after).toBeGreaterThan(100);
  });
});
