import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { closeDelivery, stopDeliveryWorker } from "../delivery";
import { log as logger } from "../observability/log.mjs";
import { processState } from "../state/redis-fail-fast.mjs";
import { markDraining } from "../state/readiness";
import { closeState } from "../state";

/*
 * A restart nobody notices. On SIGTERM (or SIGINT) an instance started by `npm run
 * start:instance` (the launcher sets NEXT_MANUAL_SIG_HANDLE, so Next leaves the signals to this
 * module):
 *
 *  1. answers readiness with 503 "draining" at once, and keeps serving for NOTICE_MS, so a load
 *     balancer polling readiness takes it out before it stops listening; the delivery worker
 *     finishes the call it is making and takes no other (the rest stays queued);
 *  2. stops accepting connections: a proxy's connect is refused and it sends the request to
 *     another instance (nginx's proxy_next_upstream, deploy/nginx/), which is safe for a POST
 *     since this instance never received it. Every answer from now on says Connection: close;
 *  3. finishes the requests it holds, within SHUTDOWN_GRACE_SECONDS of the signal;
 *  4. closes the delivery store and Redis, and exits 0.
 *
 * The server is found the way the requests are counted: from Node's `http.server.request.start`
 * diagnostics channel (public API), which names the server, the request and its response. Only
 * counted there, never changed: what happens to a request before Next is the site's server's
 * (lib/launcher/server.ts).
 */

/** How long readiness says "draining" before the instance stops accepting connections. */
export const NOTICE_MS = 1_000;

type Lifecycle = { servers: Set<Server>; open: Set<ServerResponse>; draining: boolean };

export type ShutdownOptions = {
  graceSeconds: number;
  log?: (line: string) => void;
  /** Process exit (tests replace it). */
  exit?: (code: number) => void;
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** Installs the signal handlers and the request count. Once per process. */
export function installGracefulShutdown(options: ShutdownOptions): void {
  const { lifecycle } = processState();
  if (lifecycle.shutdownInstalled) return;
  lifecycle.shutdownInstalled = true;
  const log = options.log ?? ((line: string) => logger("launcher").info(line));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const life: Lifecycle = { servers: new Set(), open: new Set(), draining: false };

  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as {
      request: IncomingMessage;
      response: ServerResponse;
      server: Server;
    };
    if (server) life.servers.add(server);
    life.open.add(response);
    response.once("close", () => life.open.delete(response));
    if (life.draining) response.setHeader("connection", "close");
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (life.draining) return;
    void drain(life, signal, options.graceSeconds, log).then(exit, (error: unknown) => {
      log(`shutdown failed (${error instanceof Error ? error.message : String(error)})`);
      exit(1);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/** Resolves when `work` settles or at `deadline`, whichever comes first; true when it settled. */
async function within(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>(
    (r) => (timer = setTimeout(() => r(false), Math.max(0, deadline - Date.now()))),
  );
  const done = work.then(
    () => true as const,
    () => true as const,
  );
  const settled = await Promise.race([done, late]);
  clearTimeout(timer);
  return settled;
}

async function drain(
  life: Lifecycle,
  signal: NodeJS.Signals,
  graceSeconds: number,
  log: (line: string) => void,
): Promise<number> {
  const deadline = Date.now() + graceSeconds * 1000;
  life.draining = true;
  markDraining();
  for (const response of life.open) if (!response.headersSent) response.setHeader("connection", "close");
  log(
    `${signal}: draining (readiness answers 503); finishing the requests in hand within ${graceSeconds} s.`,
  );
  const workerStopped = stopDeliveryWorker();

  await sleep(Math.min(NOTICE_MS, deadline - Date.now()));
  for (const server of life.servers) {
    server.close();
    server.closeIdleConnections();
  }

  while (life.open.size > 0 && Date.now() < deadline) await sleep(25);
  const cut = life.open.size;
  if (!(await within(workerStopped, deadline)))
    log("the delivery worker's call did not finish within the grace; its signup stays queued.");
  await within(closeDelivery(), deadline + 1_000);
  await within(closeState(), deadline + 1_000);
  log(
    cut === 0
      ? "every request answered; exiting."
      : `${cut} request(s) still open after ${graceSeconds} s (SHUTDOWN_GRACE_SECONDS); exiting anyway.`,
  );
  return 0;
}
