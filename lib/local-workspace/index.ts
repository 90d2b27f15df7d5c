// The external API (v1 and v2) on embedded SQLite, plus local-only helpers under /__local/ (README.md).
export { createLocalWorkspace } from "./app";
export {
  startLocalWorkspaceServer,
  type LocalWorkspaceServer,
  type LocalWorkspaceServerOptions,
} from "./server";
export * from "./keys";
export { DEMO_MEMBERS, DEMO_BLOG_NAME } from "./seed";
export { DB_FILE_NAME } from "./store";
export { AUTH_ERROR } from "./auth";
export { LAST_ADMIN_ERROR } from "./members";
export { ALREADY_SUBSCRIBED } from "./routes/subscribers";
