/*
 * Runs once when a Next server starts, before it handles a request (Next's instrumentation hook).
 * On the Node.js runtime: make lib/next-cache Next's cache (before the first request reads it),
 * stamp the requests that may need it with their connection's address (lib/http/client-key.ts:
 * route handlers get no socket, and a client can write its own X-Forwarded-For), open the
 * Redis connection now rather than on the first request, so the first limits are shared too,
 * drop query strings no page reads and send HSTS when SITE_URL is https (lib/http/request-start.ts),
 * answer searches the limits or the search budget refuse with a prerendered page (lib/search/refuse-early.ts),
 * start the newsletter's delivery worker, so a server resumes delivering stored signups by
 * itself without waiting for a new one (never in `next build`'s workers), and take over
 * SIGTERM for a graceful shutdown when the launcher asks for it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installAsNextCache } = await import("./lib/next-cache/cache-handler.mjs");
  installAsNextCache();
  const { installPeerAddressStamp } = await import("./lib/http/client-key");
  installPeerAddressStamp();
  const { installRequestStart } = await import("./lib/http/request-start");
  installRequestStart(process.env);
  const [{ installSearchRefusal }, { env }] = await Promise.all([
    import("./lib/search/refuse-early"),
    import("./lib/config/env"),
  ]);
  installSearchRefusal(() => ({
    trustProxy: env().trustProxy,
    networkPrefixes: env().newsletter.networkPrefixes,
  }));
  if (process.env.REDIS_URL?.trim()) {
    const { redisConnection } = await import("./lib/state");
    redisConnection();
  }
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // `npm run start:instance` / `npm start` hand the signals to this process's own shutdown:
  // readiness says "draining", requests in hand finish, then Redis closes (lib/launcher/shutdown.ts).
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const [{ installGracefulShutdown }, { env }] = await Promise.all([
      import("./lib/launcher/shutdown"),
      import("./lib/config/env"),
    ]);
    let graceSeconds = 10;
    try {
      graceSeconds = env().shutdownGraceSeconds;
    } catch {
      // A bad configuration is reported by the first request; the default grace still applies.
    }
    installGracefulShutdown({ graceSeconds });
  }
  const { startInProcessDelivery } = await import("./lib/delivery");
  try {
    startInProcessDelivery();
  } catch (error) {
    // A bad configuration is reported by the first request too; the server still serves pages.
    const { log } = await import("./lib/observability/log.mjs");
    log("delivery").error(
      `the delivery worker did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
