// Next's documented custom server; PORT and HOSTNAME as `next start` reads them. Before Next, in
// order (see the request handler): local mode's loopback check, the peer stamp, the target's shape,
// and the not-found page for a blog address the store knows names nothing (nothing rendered or cached).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { imageHosts } from "../config/image-hosts.mjs";
import { isLocalMode } from "../config/defaults.mjs";
import { peerAddressStamp } from "../http/client-key";
import { localModeLoopbackOnly } from "../config/local-mode";
import { existingProcessMemo } from "../memo/process-memo.mjs";
import { sendsHsts, shapeRequest } from "../http/request-shaping";
import { loopbackOrigin, SERVER_ORIGIN_VARIABLE } from "../http/server-origin";
import { log as logger } from "../observability/log.mjs";
import { configOrExit } from "./preflight";

const log = logger("launcher");

/** Blog addresses the store can judge (lib/blog/store-state.ts); the rest go to Next as they are. */
const BLOG_ADDRESS = /^\/(?:blog|tags|authors)\//;
/** Route handlers (preview images, sitemap files): a plain 404. */
const BLOG_ROUTE_HANDLER = /^\/(?:og\/blog|sitemaps)\//;
const NOT_FOUND_PAGE = "/_not-found";

/** Within the front's 10 s (nginx's client_*_timeout), else 408: not Node's default five minutes. */
const TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 };

function unknownBlogAddress(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = (request.url ?? "").split("?", 1)[0]!;
  const handler = BLOG_ROUTE_HANDLER.test(pathname);
  if (!handler && !BLOG_ADDRESS.test(pathname)) return false;
  // Read from the store's process value (made in Next's bundle): the server loads no blog code.
  const store = existingProcessMemo<{ isUnknownAddress(pathname: string): boolean }>("blog");
  if (!store?.isUnknownAddress(pathname)) return false;
  if (!handler) {
    request.url = NOT_FOUND_PAGE;
    return false;
  }
  response.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end(request.method === "HEAD" ? undefined : "Not found");
  return true;
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const config = configOrExit(process.env);
  const port = config.port;
  const hostname = process.env.HOSTNAME?.trim() || undefined;
  process.env[SERVER_ORIGIN_VARIABLE] = loopbackOrigin(hostname, port);

  const hsts = sendsHsts(process.env);
  const hosts = imageHosts(process.env);
  const localMode = isLocalMode(process.env);

  const app = next({ dev, hostname, port });
  const handle = app.getRequestHandler();
  const prepared = app.prepare();

  const server = createServer(TIMEOUTS, (request, response) => {
    if (localMode) localModeLoopbackOnly(request);
    peerAddressStamp(request, config.trustProxy);
    if (shapeRequest(request, response, hsts, hosts)) return;
    if (unknownBlogAddress(request, response)) return;
    prepared
      .then(() => handle(request, response))
      .catch((error: unknown) => {
        log.error(
          `a request failed before Next answered it: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("Internal server error");
      });
  });
  // Listening before Next is ready lets instrumentation's warm-up reach it; requests wait for `prepared`.
  server.listen(port, hostname);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  await prepared;
  log.info(`Next ${dev ? "(development) " : ""}is serving on ${process.env[SERVER_ORIGIN_VARIABLE]}.`);
}

main().catch((error: unknown) => {
  log.fatal(`the server did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
