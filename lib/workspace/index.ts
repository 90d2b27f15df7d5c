import "server-only";
import { env } from "../config/env";
import { createWorkspaceClient, type WorkspaceClient } from "./client";

export { createWorkspaceClient, type WorkspaceClient } from "./client";
export { WorkspaceApiError, isWorkspaceApiError, type WorkspaceErrorCode } from "./errors";
export type * from "./types";

let shared: WorkspaceClient | undefined;

/** The app's client, configured from lib/config/env.ts. */
export function workspace(): WorkspaceClient {
  if (!shared) {
    const { workspace: w } = env();
    shared = createWorkspaceClient({
      apiBase: w.apiBase,
      apiKey: w.apiKey,
      timeoutMs: w.timeoutMs,
      maxRetries: w.maxRetries,
    });
  }
  return shared;
}
