// The defaults and readings next.config.mjs shares with the schema (plain JS: Next reads them first).

/** Trimmed, and unset when empty. */
export function envValue(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function isLocalMode(env) {
  return envValue(env, "WORKSPACE_URL") === undefined;
}

/** The build folder: separate ones let parallel builds share one checkout. */
export function distDir(env) {
  return envValue(env, "NEXT_DIST_DIR") ?? ".next";
}

/** The local workspace's public default key (it only opens the demo data); here so app and seed agree. */
export const LOCAL_DEMO_API_KEY = "wps_local_demo_7f3a9c2e5b8d4f61a0c9e2b7";

export const WHOLE_NUMBER_VARIABLES = Object.freeze({
  PORT: { min: 1, max: 65_535, fallback: 3000 },
  LOCAL_WORKSPACE_PORT: { min: 1, max: 65_535, fallback: 4010 },
  WORKSPACE_TIMEOUT_MS: { min: 500, max: 120_000, fallback: 10_000 },
  WORKSPACE_MAX_RETRIES: { min: 0, max: 5, fallback: 2 },
  BLOG_REVALIDATE_SECONDS: { min: 1, max: 31_536_000, fallback: 300 },
  BLOG_PRERENDER_LIMIT: { min: 0, max: 100_000, fallback: 200 },
  FEED_ITEMS: { min: 1, max: 1000, fallback: 50 },
  DELIVERY_RATE_PER_SECOND: { min: 1, max: 1000, fallback: 10 },
  DELIVERY_DIRECT_TIMEOUT_MS: { min: 0, max: 120_000, fallback: 3_000 },
  DELIVERY_MAX_AGE_HOURS: { min: 1, max: 8760, fallback: 72 },
  DELIVERY_MAX_PENDING: { min: 1, max: 10_000_000, fallback: 100_000 },
  IMAGE_CACHE_MAX_MB: { min: 0, max: 1_000_000, fallback: 256 },
  ADMIN_RECHECK_SECONDS: { min: 1, max: 3600, fallback: 60 },
  SHUTDOWN_GRACE_SECONDS: { min: 1, max: 600, fallback: 10 },
});

export const LOG_LEVELS = Object.freeze(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);
export const DEFAULT_LOG_LEVEL = "info";

/** As the logger reads it before the configuration is checked: undefined when not a level. */
export function logLevel(env) {
  const value = envValue(env, "LOG_LEVEL")?.toLowerCase();
  return value !== undefined && LOG_LEVELS.includes(value) ? value : undefined;
}
