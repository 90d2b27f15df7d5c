/*
 * Runs once when a Next server starts, before it handles a request (Next's instrumentation hook).
 * On the Node.js runtime: stamp each request with its connection's address (lib/client-key.ts:
 * route handlers get no socket, and a client can write its own X-Forwarded-For), and open the
 * Redis connection now rather than on the first request, so the first limits are shared too.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressStamp } = await import("./lib/client-key");
  installPeerAddressStamp();
  if (process.env.REDIS_URL?.trim()) {
    const { redisConnection } = await import("./lib/state");
    redisConnection();
  }
}
