/*
 * Loading the blog (the list, its store, its search index) allocates several times what it keeps,
 * and V8 holds on to that memory (pages kept in its pool, a heap sized for the peak) until its
 * memory reducer runs, some 8-10 s after the server goes quiet. With --expose-gc, which the
 * launcher gives the server (lib/launcher/heap.ts), the server can ask for that collection
 * itself once loading is done. Kept apart, without imports, so a test can run it in a process of
 * its own.
 */

type ExposedGc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * A full collection that also returns V8's pooled pages to the system (what its memory reducer
 * does when the server is idle), when --expose-gc gave one; its duration in ms, or null.
 */
export function releaseLoadingMemory(): number | null {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== "function") return null;
  const started = performance.now();
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return performance.now() - started;
}
