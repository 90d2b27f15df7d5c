/**
 * The local workspace: a faithful local implementation of the Workspace Publishing Service
 * external API (v1 and v2) on embedded SQLite, plus local-only helpers under /__local/.
 */
export {
  createLocalWorkspace,
  type LocalWorkspace,
  type LocalWorkspaceHandler,
  type LocalWorkspaceOptions,
} from "./app";
export {
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
  type LocalWorkspaceServerOptions,
} from "./server";
export * from "./keys";
export {
  seedDemo,
  seedSynthetic,
  resetAndSeed,
  DEMO_MEMBERS,
  DEMO_POSTS,
  DEMO_BLOG_NAME,
  ACME_BLOG_NAME,
  MAX_SYNTHETIC,
} from "./seed";
export { openStore, DEFAULT_DATA_DIR, DB_FILE_NAME, type Db } from "./store";
export { DEFAULT_RATE_LIMIT, parseRateLimit, type RateLimitOptions } from "./rate-limit";
export { AUTH_ERROR, subdomainOf } from "./auth";
export { LAST_ADMIN_ERROR, MEMBER_NOT_FOUND } from "./members";
export { ALREADY_SUBSCRIBED } from "./routes/subscribers";
export { IMAGE_SIZES } from "./images";
export { type FaultConfig } from "./faults";
