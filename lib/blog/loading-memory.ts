// Loading the blog allocates several times what it keeps, which V8 holds until the server is idle;
// with --expose-gc (lib/launcher/heap.ts) the server collects it. No imports: a test runs it alone.

type ExposedGc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** A full collection that also returns V8's pooled pages to the system; its duration in ms, or null. */
export function releaseLoadingMemory(): number | null {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== "function") return null;
  const started = performance.now();
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return performance.now() - started;
}
