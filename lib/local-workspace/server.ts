import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createLocalWorkspace, type LocalWorkspace, type LocalWorkspaceOptions } from "./app";

export type LocalWorkspaceServerOptions = LocalWorkspaceOptions & { port?: number; host?: string };

export type LocalWorkspaceServer = {
  /** `http://127.0.0.1:<port>`: the default workspace. */
  url: string;
  port: number;
  workspace: LocalWorkspace;
  close(): Promise<void>;
};

/** node:http → web Request. The URL is built from the Host header: it selects the workspace. */
function toRequest(req: IncomingMessage, fallbackHost: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const host = req.headers.host || fallbackHost;
  const url = new URL(req.url ?? "/", `http://${host}`);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for streaming request bodies.
    duplex: "half",
    signal,
  } as RequestInit & { duplex: "half" });
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const isHead = req.method === "HEAD";
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  // A handler that answered without reading the whole body (413, early errors) leaves the
  // connection mid-request: close it rather than let a keep-alive client reuse it.
  if (!req.complete) headers.connection = "close";
  res.writeHead(response.status, headers);
  const noBody = isHead || response.status === 204 || response.status === 304;
  if (noBody || !response.body) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once("drain", resolve));
    }
  } finally {
    res.end();
  }
}

/** Serves the local workspace over HTTP. Port 0 picks a free port (tests). */
export async function startLocalWorkspaceServer(
  options: LocalWorkspaceServerOptions = {},
): Promise<LocalWorkspaceServer> {
  const { port = 4010, host = "127.0.0.1", ...workspaceOptions } = options;
  const workspace = createLocalWorkspace(workspaceOptions);
  const log = workspaceOptions.log ?? ((line: string) => console.error(line));

  const server = createServer((req, res) => {
    const controller = new AbortController();
    // Aborts fault hangs (and body reads) when the client goes away.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const address = server.address() as AddressInfo;
    let request: Request;
    try {
      request = toRequest(req, `${host}:${address.port}`, controller.signal);
    } catch {
      res
        .writeHead(400, { "content-type": "application/json; charset=utf-8" })
        .end(JSON.stringify({ error: "Bad request" }));
      return;
    }
    workspace(request)
      .then((response) => writeResponse(req, res, response))
      .catch((error: unknown) => {
        log(`[local-workspace] response failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) {
          res
            .writeHead(500, { "content-type": "application/json; charset=utf-8" })
            .end(JSON.stringify({ error: "Internal error" }));
        } else res.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    workspace,
    close() {
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
