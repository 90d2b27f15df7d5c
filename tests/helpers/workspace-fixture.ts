import { afterAll, beforeAll, beforeEach } from "vitest";
import type { LocalWorkspaceServer, LocalWorkspaceServerOptions } from "@/lib/local-workspace";
import { resetWorkspace, startTestWorkspace } from "./local-workspace-server";

/**
 * The contract suites' one way to get a workspace: a local workspace in memory on a free port,
 * started before the suite and closed after it, optionally reset (re-seeded, stats, faults and
 * rate limits cleared) before every test. Call it at the top of a test file, before the file's own
 * hooks (Vitest runs `beforeAll` hooks in the order they are registered, so the file's hooks can
 * already use `server`); read `server` in hooks and tests, never at module load.
 */
export function localWorkspaceForSuite(
  opts: { options?: LocalWorkspaceServerOptions; resetBeforeEach?: boolean } = {},
): { readonly server: LocalWorkspaceServer } {
  let server: LocalWorkspaceServer | undefined;
  beforeAll(async () => {
    server = await startTestWorkspace(opts.options);
  });
  afterAll(async () => {
    await server?.close();
  });
  if (opts.resetBeforeEach) {
    beforeEach(async () => {
      await resetWorkspace(fixture.server);
    });
  }
  const fixture = {
    get server(): LocalWorkspaceServer {
      if (!server)
        throw new Error("the local workspace starts in beforeAll: read `server` in hooks and tests");
      return server;
    },
  };
  return fixture;
}

/**
 * Points the app's configuration (lib/config/env.ts, read from process.env on first use) at `server`:
 * no WORKSPACE_URL or LOCAL_WORKSPACE_API_KEY override, so the app uses the local workspace on
 * LOCAL_WORKSPACE_PORT with its demo key; `more` sets further variables (`undefined` removes one).
 * Call it in `beforeAll`, before the first import of app code.
 */
export function pointAppAtWorkspace(
  server: LocalWorkspaceServer,
  more: Record<string, string | undefined> = {},
): void {
  const vars: Record<string, string | undefined> = {
    WORKSPACE_URL: undefined,
    LOCAL_WORKSPACE_API_KEY: undefined,
    LOCAL_WORKSPACE_PORT: String(server.port),
    ...more,
  };
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/**
 * What the admin suites start from, before their own ADMIN_USERS: the default site address and
 * session secret, no Redis, no second factor, the default admin role, and a workspace call tried
 * once for at most 1.5 s (so a fault answers quickly).
 */
export const ADMIN_SUITE_VARS: Record<string, string | undefined> = {
  SITE_URL: undefined,
  PORT: undefined,
  SESSION_SECRET: undefined,
  REDIS_URL: undefined,
  WORKSPACE_MAX_RETRIES: "0",
  WORKSPACE_TIMEOUT_MS: "1500",
  ADMIN_TOTP: undefined,
  ADMIN_ROLES: undefined,
};
