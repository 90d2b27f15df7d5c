import { once } from "node:events";
import { createServer } from "node:http";
import { logLine } from "../observability/log.mjs";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { createLocalWorkspace, type LocalWorkspaceOptions } from "./app";

export type LocalWorkspaceServerOptions = LocalWorkspaceOptions & { port?: number; host?: string };

export type LocalWorkspaceServer = Awaited<ReturnType<typeof startLocalWorkspaceServer>>;

/** Serves the local workspace over HTTP. Port 0 picks a free port (tests). */
export async function startLocalWorkspaceServer(options: LocalWorkspaceServerOptions = {}) {
  const { port = 4010, host = "127.0.0.1", ...workspaceOptions } = options;
  const workspace = createLocalWorkspace(workspaceOptions);
  const log = workspaceOptions.log ?? logLine("local-workspace", "error");

  // @remix-run/node-fetch-server turns node:http into web Requests (URL from the Host header,
  // which selects the workspace; the signal aborts when the client goes away, which ends
  // fault hangs) and streams the Response back with backpressure.
  const server = createServer(
    createRequestListener((request) => workspace(request), {
      onError(error) {
        log(`response failed: ${error instanceof Error ? error.message : String(error)}`);
        return Response.json({ error: "Internal error" }, { status: 500 });
      },
    }),
  );

  server.listen(port, host);
  await once(server, "listening");
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    /** The default workspace. */
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    workspace,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          // The database closes last, once no handler can still be using it.
          workspace.close();
          resolve();
        });
        // Keep-alive and hung (fault "hang") connections would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
