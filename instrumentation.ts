// Next drops a module from the Edge graph only when its import sits in a branch on NEXT_RUNTIME.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerOnNode } = await import("./instrumentation-node");
    await registerOnNode();
  }
}
