// Once per Next server on Node, before its first request (a `next build` worker stops after Redis).
export async function registerOnNode(): Promise<void> {
  if (process.env.NEXT_PHASE !== "phase-production-build" && process.env.NODE_ENV === "production") {
    // `next dev` keeps Next's readable output for the person at the terminal.
    const { routeConsoleToLog } = await import("./lib/observability/console-to-log");
    routeConsoleToLog();
  }
  const { redisTargetFromVars } = await import("./lib/config/redis-target.mjs");
  const usesRedis = redisTargetFromVars(process.env) !== null;
  if (usesRedis) {
    // Now, not on the first request, so the first limits are shared too.
    const { redisConnection } = await import("./lib/state");
    redisConnection();
  }
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // A Redis that may evict queued signups stops the start, before any reader is told "on its way".
  if (usesRedis) await refuseUnsafeRedis();
  // The launcher hands the signals to this process's own drain (lib/launcher/shutdown.ts).
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
  // The blog and its index load now, not on a reader's time; readiness says "starting" until then.
  const [blogStore, { indexEachNewBlog }] = await Promise.all([
    import("./lib/blog/source"),
    import("./lib/search/engine"),
  ]);
  indexEachNewBlog();
  void blogStore.startBlogStore();
  // So no reader pays for a route's first render.
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
  // Which ADMIN_USERS the workspace does not count as admins, in the background.
  const [{ reportAdminStanding }, { learnWhetherAnyTwoFactor }] = await Promise.all([
    import("./lib/admin/standing"),
    import("./lib/admin/two-factor"),
  ]);
  void reportAdminStanding();
  // Whether any admin turned two-factor on, so an outage of its store later has a last answer.
  void learnWhetherAnyTwoFactor().catch(() => undefined);
}

async function warnAboutPrivateImageHosts(): Promise<void> {
  const [{ imageHosts }, { privateImageHosts, privateImageHostsWarning }, { log }] = await Promise.all([
    import("./lib/config/image-hosts.mjs"),
    import("./lib/blog/private-image-hosts"),
    import("./lib/observability/log.mjs"),
  ]);
  const warning = privateImageHostsWarning(await privateImageHosts(imageHosts(process.env)));
  if (warning) log("blog").warn(warning);
}

/** A policy other than noeviction stops the server; no AOF warns; an unreachable Redis is read later. */
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

async function warnAboutSiteLanguage(): Promise<void> {
  const [{ env }, { fallbackWarning }, { log }] = await Promise.all([
    import("./lib/config/env"),
    import("./lib/i18n"),
    import("./lib/observability/log.mjs"),
  ]);
  const warning = fallbackWarning(env().site.messages);
  if (warning) log("launcher").warn(warning);
}
