/*
 * Loading the blog allocates several times what it keeps, and V8 holds that memory until its
 * memory reducer runs once the server is idle. With --expose-gc (lib/launcher/heap.ts) the server
 * asks for that collection itself. No imports, so a test can run it in a process of its own.
 */

type ExposedGc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** A full collection that also returns V8's pooled pages to the system; its duration in ms, or null. */
export function releaseLoadingMemory(): number | null {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== "function") return null;
  const started = performance.now();
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return performance.now() - started;
}
