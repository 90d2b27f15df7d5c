import "server-only";
import { env } from "../config/env";
import { processMemo } from "../state";
import { createWorkspaceClient, type WorkspaceClient } from "./client";

export { createWorkspaceClient, type WorkspaceClient } from "./client";
export { WorkspaceApiError, isWorkspaceApiError, type WorkspaceErrorCode } from "./errors";
export type * from "./types";

/** The app's client, configured from lib/config/env.ts: one per process. */
export function workspace(): WorkspaceClient {
  return processMemo("workspace.client", () => {
    const { workspace: w } = env();
    return createWorkspaceClient({
      apiBase: w.apiBase,
      apiKey: w.apiKey,
      timeoutMs: w.timeoutMs,
      maxRetries: w.maxRetries,
    });
  });
}
