import { redisTargetFromVars } from "./lib/config/redis-target.mjs";
import { log } from "./lib/observability/log.mjs";

/** Never holds up the start, and a check that fails (a module, DNS) is only a missing warning. */
function warnIf(component: "blog" | "launcher", check: () => Promise<string | null | undefined>): void {
  void check().then(
    (warning) => warning && log(component).warn(warning),
    () => undefined,
  );
}

// Once per Next server on Node, before its first request (a `next build` worker stops after Redis).
export async function registerOnNode(): Promise<void> {
  const building = process.env.NEXT_PHASE === "phase-production-build";
  if (!building && process.env.NODE_ENV === "production") {
    // `next dev` keeps Next's readable output for the person at the terminal.
    const { routeConsoleToLog } = await import("./lib/observability/console-to-log");
    routeConsoleToLog();
  }
  const usesRedis = redisTargetFromVars(process.env) !== null;
  // Now, not on the first request, so the first limits are shared too.
  if (usesRedis) (await import("./lib/state")).redisConnection();
  if (building) return;
  if (usesRedis) {
    // A Redis that may evict queued signups stops the start, before any reader is told "on its way".
    const refusal = await (await import("./lib/state/redis-settings")).startupRedisRefusal();
    if (refusal) {
      log("state").fatal(`Masthead cannot start: ${refusal}`);
      process.exit(1);
    }
  }
  const { env } = await import("./lib/config/env");
  // The launcher hands the signals to this process's own drain (lib/launcher/shutdown.ts).
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const { installGracefulShutdown } = await import("./lib/launcher/shutdown");
    let graceSeconds = 10;
    try {
      graceSeconds = env().shutdownGraceSeconds;
    } catch {
      // A bad configuration is reported by the first request; the default grace still applies.
    }
    installGracefulShutdown(graceSeconds);
  }
  warnIf("launcher", async () => (await import("./lib/i18n")).fallbackWarning(env().site.messages));
  warnIf("blog", async () => {
    const [{ imageHosts }, hosts] = await Promise.all([
      import("./lib/config/image-hosts.mjs"),
      import("./lib/blog/private-image-hosts"),
    ]);
    return hosts.privateImageHostsWarning(await hosts.privateImageHosts(imageHosts(process.env)));
  });
  // The blog and its index load now, not on a reader's time; readiness says "starting" until then.
  const [blogStore, { indexEachNewBlog }] = await Promise.all([
    import("./lib/blog/source"),
    import("./lib/search/engine"),
  ]);
  indexEachNewBlog();
  void blogStore.startBlogStore();
  // So no reader pays for a route's first render.
  void (await import("./lib/blog/warm-up")).warmBlogRoutes();
  try {
    (await import("./lib/delivery")).startInProcessDelivery();
  } catch (error) {
    // A bad configuration is reported by the first request too; the server still serves pages.
    log("delivery").error(
      `the delivery worker did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [{ reportAdminStanding }, { learnWhetherAnyTwoFactor }] = await Promise.all([
    import("./lib/admin/standing"),
    import("./lib/admin/two-factor"),
  ]);
  // Which ADMIN_USERS the workspace does not count as admins, in the background.
  void reportAdminStanding();
  // Whether any admin turned two-factor on, so an outage of its store later has a last answer.
  void learnWhetherAnyTwoFactor().catch(() => undefined);
}
