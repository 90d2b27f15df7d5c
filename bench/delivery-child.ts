import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAttempt } from "../lib/delivery/attempt";
import { SqliteSignupStore } from "../lib/delivery/sqlite-store";
import { createNewsletterHandler } from "../lib/newsletter/handler";
import { createNewsletterLimiters } from "../lib/newsletter/rate-limit";
import { LOCAL_DEMO_API_KEY } from "../lib/config/schema";
import { createWorkspaceClient } from "../lib/workspace/client";
import { freePort } from "../tests/helpers/redis-server";
import { until } from "../tests/helpers/until";
import { log, startWorkspace, stopAll } from "./lib";

/*
 * The delivery bench's measurements, run in a child started with the react-server condition
 * (the newsletter handler is a server-only module). It measures the route's handler itself
 * (the code behind POST /api/newsletter, minus Next's fixed cost) against a local workspace
 * process on loopback, with the real SQLite store on disk (WAL, synchronous=FULL):
 *  - signups accepted per second while the workspace is up (each one stored, then delivered by
 *    the worker while the route waits) and while it answers 503 (each one stored, the worker
 *    pausing), in interleaved rounds;
 *  - the time the worker takes to drain 1,000 stored signups at the configured rate.
 * Prints one JSON line on stdout.
 */

const ROUNDS = 3;
const PER_ROUND = Number(process.env.BENCH_DELIVERY_SIGNUPS ?? 200);
const DRAIN = Number(process.env.BENCH_DELIVERY_DRAIN ?? 1_000);
const RATE = Number(process.env.DELIVERY_RATE_PER_SECOND ?? 10);
const SITE = "http://localhost:3000";

/** A control call to the workspace, retried once: a pooled socket may have been closed while idle. */
async function control(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-bench-delivery-"));
  const ws = await startWorkspace({ port: await freePort(), dataDir: path.join(dir, "ws") });
  const apiBase = `${ws.url}/api/external`;
  let n = 0;
  try {
    const client = (timeoutMs: number) =>
      createWorkspaceClient({ apiBase, apiKey: LOCAL_DEMO_API_KEY, timeoutMs, maxRetries: 0, log: () => {} });

    // A fresh store per round: its worker starts with no pause, as a server does after a restart.
    function round(rate: number, startWorker = true) {
      const worker = client(10_000);
      const service = new SqliteSignupStore({
        file: path.join(dir, `round-${++n}.sqlite`),
        maxPending: 1e6,
        worker: {
          ...createAttempt({ subscribe: (e) => worker.addSubscriber(e), mode: "local", log: () => {} }),
          ratePerSecond: rate,
          maxAgeMs: 72 * 3600_000,
          leaseMs: 15_000,
        },
      });
      service.start({ worker: startWorker });
      const handler = createNewsletterHandler({
        store: service,
        waitMs: 3_000,
        siteUrl: SITE,
        trustProxy: 0,
        // The bench measures the paths, not the per-client and per-address budgets.
        limiters: createNewsletterLimiters({
          perClient: { points: 1e9, durationSeconds: 60 },
          perNetwork: { points: 1e9, durationSeconds: 60 },
          perAddress: { points: 1e9, durationSeconds: 60 },
          global: { points: 1e9, durationSeconds: 60 },
          reserved: { share: 0, firstSignups: 0 },
        }),
        log: () => {},
      });
      return { service, handler };
    }

    const post = (handler: (r: Request) => Promise<Response>, email: string) =>
      handler(
        new Request(`${SITE}/api/newsletter`, {
          method: "POST",
          headers: { origin: SITE, "content-type": "application/json" },
          body: JSON.stringify({ email }),
        }),
      );

    async function measure(kind: "up" | "down", r: number) {
      // Up: a rate far above the loop's pace, so every signup is delivered while the route waits.
      const { service, handler } = round(1_000);
      const statuses: Record<string, number> = {};
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i++) {
        const res = await post(handler, `bench-${kind}-${r}-${i}-${Date.now().toString(36)}@example.org`);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
      const seconds = (performance.now() - started) / 1000;
      const stored = (await service.overview()).waiting;
      await service.close();
      return { perSecond: PER_ROUND / seconds, statuses, stored };
    }

    const fault = (on: boolean) =>
      control(`${ws.url}/__local/faults`, {
        method: on ? "POST" : "DELETE",
        headers: { "content-type": "application/json" },
        body: on ? JSON.stringify({ mode: "status", status: 503 }) : undefined,
      });

    const up: Awaited<ReturnType<typeof measure>>[] = [];
    const down: Awaited<ReturnType<typeof measure>>[] = [];
    await measure("up", -1); // warm-up: module loading, the first SQLite open, the HTTP pool
    for (let r = 0; r < ROUNDS; r++) {
      await fault(false);
      up.push(await measure("up", r));
      await fault(true);
      down.push(await measure("down", r));
      log(
        `delivery round ${r + 1}/${ROUNDS}: up ${up.at(-1)!.perSecond.toFixed(0)}/s, down ${down.at(-1)!.perSecond.toFixed(0)}/s`,
      );
    }
    await fault(false);

    // Drain: DRAIN stored signups, then the worker at the configured rate.
    const { service } = round(RATE, false);
    for (let i = 0; i < DRAIN; i++)
      await service.accept(`bench-drain-${i}-${Date.now().toString(36)}@example.org`);
    await control(`${ws.url}/__local/stats/reset`, { method: "POST" });
    const started = performance.now();
    service.start({ worker: true });
    await until(async () => (await service.overview()).waiting === 0, {
      what: `the worker to drain ${DRAIN} signups`,
      // Four times what the configured rate needs: a slower drain is a failure to report, not to wait out.
      timeoutMs: (DRAIN / RATE) * 4_000 + 60_000,
    });
    const drainSeconds = (performance.now() - started) / 1000;
    const stats = (
      (await (await control(`${ws.url}/__local/stats`)).json()) as {
        requests: { total: number; peakPerSecond: number };
      }
    ).requests;
    const counts = (await service.overview()).last24h;
    await service.close();

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    process.stdout.write(
      JSON.stringify({
        signupsPerRound: PER_ROUND,
        rounds: ROUNDS,
        up: { perSecondMedian: median(up.map((x) => x.perSecond)), rounds: up },
        down: { perSecondMedian: median(down.map((x) => x.perSecond)), rounds: down },
        drain: {
          signups: DRAIN,
          configuredRatePerSecond: RATE,
          seconds: drainSeconds,
          achievedPerSecond: DRAIN / drainSeconds,
          workspaceCalls: stats.total,
          workspacePeakPerSecond: stats.peakPerSecond,
          delivered: counts.delivered,
        },
      }) + "\n",
    );
  } finally {
    await ws.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  async () => {
    await stopAll();
    process.exit(0);
  },
  async (error: unknown) => {
    log(`delivery bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
