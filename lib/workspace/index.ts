import "server-only";
import { env } from "../config/env";
import { createWorkspaceClient, type WorkspaceClient } from "./client";

export { createWorkspaceClient, type WorkspaceClient } from "./client";
export { WorkspaceApiError, type WorkspaceErrorCode } from "./errors";
export type * from "./types";

/** The app's client, configured from lib/config/env.ts: it holds no state, so each caller gets its own. */
export function workspace(): WorkspaceClient {
  return createWorkspaceClient(env().workspace);
}
