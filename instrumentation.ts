/*
 * Runs once when a Next server starts, before it handles a request (Next's instrumentation hook).
 * On the Node.js runtime: turn Next's own console output into the logger's JSON lines, open the
 * Redis connection now rather than on the first request (so the first limits are shared too),
 * load the blog store and its search index in the background (lib/blog/source.ts), then render
 * one page of each blog route (lib/blog/warm-up.ts), start the newsletter's delivery worker, so a
 * server resumes delivering stored signups by itself without waiting for a new one (never in
 * `next build`'s workers), take over SIGTERM for a graceful shutdown when the launcher asks for
 * it, warn about image hosts Next will refuse, and tell the operator which ADMIN_USERS entries
 * the workspace does not count as admins. What happens to a request before Next sees it is the
 * site's server's (lib/launcher/server.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE !== "phase-production-build" && process.env.NODE_ENV === "production") {
    // From here on Next's own console output (image optimiser refusals, render errors) is JSON
    // too; `next dev` keeps Next's readable output for the person at the terminal.
    const { routeConsoleToLog } = await import("./lib/observability/console-to-log");
    routeConsoleToLog();
  }
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
  // Never holds up the start, and a check that fails (a module, DNS) is only a missing warning.
  void warnAboutPrivateImageHosts().catch(() => undefined);
  // The blog and its search index load now, in the background, not on the first reader's time;
  // readiness answers 503 "starting" until they have (lib/blog/source.ts). At run time (not in a
  // build, where every page renders itself) the site's server answers unknown blog addresses from
  // the store's copy, with its known addresses built as soon as the copy arrives.
  const [blogStore, { indexEachNewBlog }] = await Promise.all([
    import("./lib/blog/source"),
    import("./lib/search/engine"),
  ]);
  indexEachNewBlog();
  blogStore.knowAddressesOfEachNewBlog();
  void blogStore.startBlogStore();
  // Then one page of each blog route is rendered, so no reader pays for a route's first render.
  const { warmBlogRoutes } = await import("./lib/blog/warm-up");
  void warmBlogRoutes();
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
  // In the background: the server serves while the workspace is asked.
  const { reportAdminStanding } = await import("./lib/admin/standing-report");
  void reportAdminStanding();
}

/** Says once, at start-up, which image hosts Next will refuse for resolving to a private address. */
async function warnAboutPrivateImageHosts(): Promise<void> {
  const [{ imageHosts }, { privateImageHosts, privateImageHostsWarning }, { log }] = await Promise.all([
    import("./lib/config/image-hosts.mjs"),
    import("./lib/blog/private-image-hosts"),
    import("./lib/observability/log.mjs"),
  ]);
  const warning = privateImageHostsWarning(await privateImageHosts(imageHosts(process.env)));
  if (warning) log("blog").warn(warning);
}
