/*
 * Next also compiles this file for the Edge runtime and drops a module from that graph only when its
 * import sits in a branch on NEXT_RUNTIME, as here: an early return would leave every Node module in.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerOnNode } = await import("./instrumentation-node");
    await registerOnNode();
  }
}
