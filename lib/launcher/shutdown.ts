import "server-only";
import { subscribe } from "node:diagnostics_channel";
import { setTimeout as delay } from "node:timers/promises";
import type { Server, ServerResponse } from "node:http";
import { closeDelivery, stopDeliveryWorker } from "../delivery";
import { log as logger } from "../observability/log.mjs";
import { processState } from "../state/redis-fail-fast.mjs";
import { markDraining } from "../state/readiness";
import { closeState } from "../state";

/*
 * A restart nobody notices (NEXT_MANUAL_SIG_HANDLE leaves the signals to this module): readiness
 * answers 503 for NOTICE_MS so a load balancer takes the instance out first; then it stops accepting
 * (a refused connect is safe to retry elsewhere, even a POST), finishes what it holds within the
 * grace, closes the stores and exits 0. Requests are found on Node's diagnostics channel.
 */

const NOTICE_MS = 1_000;

type Lifecycle = { servers: Set<Server>; open: Set<ServerResponse>; draining: boolean };

const sleep = (ms: number) => delay(Math.max(0, ms));
const log = (line: string) => logger("launcher").info(line);

export function installGracefulShutdown(graceSeconds: number): void {
  const { lifecycle } = processState();
  if (lifecycle.shutdownInstalled) return;
  lifecycle.shutdownInstalled = true;
  const life: Lifecycle = { servers: new Set(), open: new Set(), draining: false };

  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as { response: ServerResponse; server: Server };
    if (server) life.servers.add(server);
    life.open.add(response);
    response.once("close", () => life.open.delete(response));
    if (life.draining) response.setHeader("connection", "close");
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (life.draining) return;
    void drain(life, signal, graceSeconds).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed (${error instanceof Error ? error.message : String(error)})`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

const within = (work: Promise<unknown>, deadline: number): Promise<boolean> =>
  Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    delay(Math.max(0, deadline - Date.now()), false),
  ]);

async function drain(life: Lifecycle, signal: NodeJS.Signals, graceSeconds: number): Promise<void> {
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
}
