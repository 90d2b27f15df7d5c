/*
 * Next's instrumentation hook: runs once when a Next server starts, before it handles a request.
 * Everything Masthead does there is Node-only (instrumentation-node.ts). Next also compiles this
 * file for the Edge runtime, and drops a module from that graph only when its import sits in a
 * branch on NEXT_RUNTIME, as written here (Next's documented form): an early return, or a
 * function in this file, would leave every module below in it, and `next build` would warn about
 * each Node API they use.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerOnNode } = await import("./instrumentation-node");
    await registerOnNode();
  }
}
