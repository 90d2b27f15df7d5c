import { describe, expect, it } from "vitest";
import { DEFAULT_SERVER_HEAP_MB, serverHeapFlags } from "@/lib/launcher/heap";

describe("the server's heap limit", () => {
  it("is set by default, so V8 does not size the heap from the machine's memory", () => {
    expect(serverHeapFlags(undefined)).toEqual([`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`]);
    expect(serverHeapFlags("--enable-source-maps")).toEqual([
      `--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`,
    ]);
  });

  it("leaves the operator's own limit in NODE_OPTIONS alone, however it is spelled", () => {
    expect(serverHeapFlags("--max-old-space-size=2048")).toEqual([]);
    expect(serverHeapFlags("--enable-source-maps --max_old_space_size=1024")).toEqual([]);
  });
});
