/*
 * What instrumentation.ts runs once when a Next server starts on the Node.js runtime, before it
 * handles a request: turn Next's own console output into the logger's JSON lines, open the Redis
 * connection now rather than on the first request (so the first limits are shared too) and refuse
 * a Redis that may evict queued signups (warn about one without its append-only file), load the
 * blog store and its search index in the background (lib/blog/source.ts), then render one page of
 * each blog route (lib/blog/warm-up.ts), start the newsletter's delivery worker (and with Redis
 * its outbox's forwarder), so a server resumes delivering stored signups by itself (never in `next
 * build`'s workers), take over SIGTERM for a graceful shutdown when the launcher asks for it, warn
 * about image hosts Next will refuse and about a site language without a shipped catalogue, and
 * tell the operator which ADMIN_USERS entries the workspace does not count as admins. What happens
 * to a request before Next sees it is the site's server's (lib/launcher/server.ts).
 */
export async function registerOnNode(): Promise<void> {
  if (process.env.NEXT_PHASE !== "phase-production-build" && process.env.NODE_ENV === "production") {
    // From here on Next's own console output (image optimiser refusals, render errors) is JSON
    // too; `next dev` keeps Next's readable output for the person at the terminal.
    const { routeConsoleToLog } = await import("./lib/observability/console-to-log");
    routeConsoleToLog();
  }
  const { redisTargetFromEnv } = await import("./lib/state/redis-fail-fast.mjs");
  const usesRedis = redisTargetFromEnv() !== null;
  if (usesRedis) {
    const { redisConnection } = await import("./lib/state");
    redisConnection();
  }
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // A Redis that may evict queued signups stops the start, before any reader is told "on its way".
  if (usesRedis) await refuseUnsafeRedis();
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
  void warnAboutSiteLanguage().catch(() => undefined);
  // The blog and its search index load now, in the background, not on the first reader's time;
  // readiness answers 503 "starting" until they have (lib/blog/source.ts). At run time (not in a
  // build, where every page renders itself) the site's server answers unknown blog addresses from
  // the store's copy, with its known addresses built as soon as the copy arrives.
  const [blogStore, { indexEachNewBlog }] = await Promise.all([
    import("./lib/blog/source"),
    import("./lib/search/engine"),
  ]);
  indexEachNewBlog();
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
  const [{ reportAdminStanding }, { learnWhetherAnyTwoFactor }] = await Promise.all([
    import("./lib/admin/standing-report"),
    import("./lib/admin/two-factor"),
  ]);
  void reportAdminStanding();
  // Whether any admin turned two-factor on, so an outage of its store later has a last answer.
  void learnWhetherAnyTwoFactor().catch(() => undefined);
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

/**
 * Reads Redis's maxmemory-policy and appendonly (lib/state/redis-settings.ts): a policy other
 * than noeviction stops this server with the reason; appendonly no is a warning. A Redis that
 * cannot be reached now is read on its first connection (logged and exported, no stop then).
 */
async function refuseUnsafeRedis(): Promise<void> {
  const [{ startupRedisRefusal }, { log }] = await Promise.all([
    import("./lib/state/redis-settings"),
    import("./lib/observability/log.mjs"),
  ]);
  const refusal = await startupRedisRefusal();
  if (!refusal) return;
  log("state").fatal(`Masthead cannot start: ${refusal}`);
  process.exit(1);
}

/** Says once, at start-up, that the site's language has no catalogue and its words are English. */
async function warnAboutSiteLanguage(): Promise<void> {
  const [{ env }, { fallbackWarning }, { log }] = await Promise.all([
    import("./lib/config/env"),
    import("./lib/i18n"),
    import("./lib/observability/log.mjs"),
  ]);
  const warning = fallbackWarning(env().site.messages);
  if (warning) log("launcher").warn(warning);
}
