import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { DEMO_REVALIDATE_SECRET } from "../lib/config/schema";
import {
  revalidationDelayMs,
  rollingRestart,
  steadyLoad,
  verificationsPerAddress,
  type LoadReport,
} from "../tests/helpers/front-load";
import { startCluster, type Cluster, type Instance } from "../tests/helpers/multi-instance";
import { startFront, type Front } from "../tests/helpers/nginx";
import { freePort } from "../tests/helpers/redis-server";
import { sleep } from "../tests/helpers/until";
import { log, ROOT } from "./lib";
import { loadRun, percentile, type AutocannonSummary } from "./load-run";
import { fmtMs as ms, median, section, type Table, type Target } from "./section";

/*
 * The production front (`npm run bench -- --only front`): Debian's nginx with
 * deploy/nginx/masthead.conf.template before two `npm run start:instance` on one build, one
 * Redis, TRUST_PROXY=1, as deploy/README.md sets them up.
 *  - throughput: a hot post page through the front against one instance directly (autocannon,
 *    10 connections, interleaved rounds, medians). Target: the front >= 5x.
 *  - a reader's latency: the post page, sequential GETs through the front, at rest and during
 *    each attack: 500 connections trickling headers for 60 s (reconnecting when the front cuts
 *    them), and 200 concurrent sign-in attempts from one address. Target: p50 <= 4x at rest.
 *  - freshness: milliseconds from `POST /api/revalidate` to a renamed post's title on /blog and
 *    its page, on the instances alone and through the front (three rounds each, after a warm-up).
 *    Target: through the front within 2 s.
 *  - a rolling restart (SIGTERM, exit, start, readiness; then the other) under page views and
 *    signups through the front: failed requests (target 0) and signups delivered exactly once.
 * Everything runs on the same cores as the load generator: the front's advantage is real, the
 * absolute figures are this machine's.
 */

const DIST_DIR = ".next-bench-front";
const ROUNDS = 3;
const LOAD_SECONDS = 5;
const CONNECTIONS = 10;
const REST_SECONDS = 5;
const SLOW_CLIENTS = 500;
const SLOW_SECONDS = Number(process.env.BENCH_FRONT_SLOW_SECONDS ?? 60);
const FLOOD_CONNECTIONS = 200;
const FLOOD_SECONDS = 10;

type Latency = { samples: number; p50Ms: number; p99Ms: number; failed: number };

export type FrontBenchResult = {
  path: string;
  throughput: {
    front: AutocannonSummary[];
    direct: AutocannonSummary[];
    frontRps: number;
    directRps: number;
    ratio: number;
  };
  latency: { rest: Latency; slowClients: Latency; signInFlood: Latency };
  attacks: { slowConnectionsOpened: number; floodStatuses: Record<string, number> };
  /** Milliseconds from POST /api/revalidate to the new title on /blog and the post page. */
  freshness: { instancesMs: number[]; frontMs: number[] };
  rollingRestart: {
    exits: { instance: string; code: number | null; downMs: number }[];
    views: number;
    signups: number;
    failed: number;
    failures: string[];
    deliveredOnce: number;
    deliveredTwice: number;
    undelivered: number;
  };
};

/** Sequential GETs of `url` until `done()`; failures (errors, non-200) counted apart. */
async function probe(url: string, done: () => boolean): Promise<Latency> {
  const times: number[] = [];
  let failed = 0;
  while (!done()) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch {
      failed++;
    }
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    samples: times.length,
    p50Ms: Number(percentile(times, 50).toFixed(2)),
    p99Ms: Number(percentile(times, 99).toFixed(2)),
    failed,
  };
}

const forSeconds = (s: number) => {
  const end = Date.now() + s * 1000;
  return () => Date.now() > end;
};

/** `count` connections that each send a header line every 2 s and never finish; reopened when cut. */
function slowClients(port: number, count: number): { stop(): number } {
  let stopped = false;
  let opened = 0;
  const sockets = new Set<Socket>();
  const open = () => {
    if (stopped) return;
    opened++;
    const socket = connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: bench\r\n"));
    const trickle = setInterval(() => socket.write("X-Slow: 1\r\n"), 2_000);
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(trickle);
      sockets.delete(socket);
      setTimeout(open, 50);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
      return opened;
    },
  };
}

/**
 * FLOOD_CONNECTIONS connections posting sign-ins back to back from one address, in a process of
 * its own (autocannon's CLI): the front answers most of them at once, and a load generator
 * spinning that fast in this process would delay the reader's probes itself.
 */
function signInFlood(url: string, origin: string): Promise<Record<string, number>> {
  const cli = path.join(ROOT, "node_modules/autocannon/autocannon.js");
  const body = JSON.stringify({ email: "admin@example.com", password: "not-the-password" });
  const child = spawn(
    process.execPath,
    [
      cli,
      ...["-c", String(FLOOD_CONNECTIONS), "-d", String(FLOOD_SECONDS), "-t", "20", "-j"],
      ...["-m", "POST", "-H", "content-type=application/json", "-H", `origin=${origin}`, "-b", body],
      url,
    ],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", () => {
      try {
        const result = JSON.parse(out) as { statusCodeStats?: Record<string, { count: number }> };
        resolve(
          Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
        );
      } catch {
        reject(new Error(`the sign-in flood printed no result: ${out.slice(0, 200)}`));
      }
    });
  });
}

async function frontBench(): Promise<FrontBenchResult> {
  log("front: one build, two instances (npm run start:instance) behind nginx");
  const port = await freePort();
  const cluster: Cluster = await startCluster({
    instances: 2,
    distDir: DIST_DIR,
    launcher: true,
    env: { TRUST_PROXY: "1", SITE_URL: `http://127.0.0.1:${port}` },
  });
  let front: Front | undefined;
  try {
    front = await startFront({
      port,
      upstreams: cluster.instances.map((i) => `127.0.0.1:${i.port} max_fails=0`),
    });
    const [A, B] = cluster.instances as [Instance, Instance];
    const html = await (await fetch(`${front.url}/blog`)).text();
    const path = [...html.matchAll(/href="(\/blog\/[^"/?#]+)"/g)]
      .map((m) => m[1]!)
      .find((h) => !h.startsWith("/blog/page"));
    if (!path) throw new Error("no post link on /blog");
    await loadRun({ url: `${front.url}${path}`, connections: CONNECTIONS, amount: 500 });
    await loadRun({ url: `${A.url}${path}`, connections: CONNECTIONS, amount: 500 });

    const viaFront: AutocannonSummary[] = [];
    const direct: AutocannonSummary[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(`front: throughput round ${round}/${ROUNDS}`);
      viaFront.push(
        await loadRun({ url: `${front.url}${path}`, connections: CONNECTIONS, duration: LOAD_SECONDS }),
      );
      direct.push(
        await loadRun({ url: `${A.url}${path}`, connections: CONNECTIONS, duration: LOAD_SECONDS }),
      );
    }
    const frontRps = median(viaFront.map((r) => r.rps));
    const directRps = median(direct.map((r) => r.rps));

    const readerUrl = `${front.url}${path}`;
    log("front: a reader's latency at rest");
    const rest = await probe(readerUrl, forSeconds(REST_SECONDS));

    log(`front: ${SLOW_CLIENTS} connections trickling headers for ${SLOW_SECONDS} s`);
    const slow = slowClients(front.port, SLOW_CLIENTS);
    await sleep(1_000);
    const slowLatency = await probe(readerUrl, forSeconds(SLOW_SECONDS - 1));
    const slowConnectionsOpened = slow.stop();
    await sleep(1_000);

    log(`front: ${FLOOD_CONNECTIONS} concurrent sign-in attempts from one address for ${FLOOD_SECONDS} s`);
    let flooding = true;
    const flood = signInFlood(`${front.url}/api/admin/login`, front.url).finally(() => (flooding = false));
    await sleep(1_000);
    const floodLatency = await probe(readerUrl, () => !flooding);
    const floodResult = await flood;

    log("front: freshness after a revalidation, instances alone and through the front");
    const slug = path.slice("/blog/".length);
    const on = (site: string) => ({
      workspaceUrl: cluster.workspaceUrl,
      slug,
      secret: DEMO_REVALIDATE_SECRET,
      revalidateAt: site === front!.url ? front!.url : A.url,
      watch: [`${site}/blog`, `${site}${path}`],
    });
    await revalidationDelayMs(on(B.url));
    const freshness: FrontBenchResult["freshness"] = { instancesMs: [], frontMs: [] };
    for (let round = 0; round < ROUNDS; round++) {
      freshness.instancesMs.push(await revalidationDelayMs(on(B.url)));
      freshness.frontMs.push(await revalidationDelayMs(on(front.url)));
    }

    log("front: rolling restart of both instances under page views and signups");
    const load = steadyLoad({
      siteUrl: front.url,
      pages: ["/", "/blog", path, "/newsletter", "/feed.xml"],
      emailPrefix: `bench-roll-${Date.now().toString(36)}`,
    });
    const exits = await rollingRestart([A, B]);
    await sleep(2_000);
    const report: LoadReport = await load.stop();
    const deadline = Date.now() + 60_000;
    let counts = await verificationsPerAddress(cluster.workspaceUrl, report.accepted);
    while (counts.some((n) => n === 0) && Date.now() < deadline) {
      await sleep(500);
      counts = await verificationsPerAddress(cluster.workspaceUrl, report.accepted);
    }
    const result: FrontBenchResult = {
      path,
      throughput: { front: viaFront, direct, frontRps, directRps, ratio: frontRps / directRps },
      latency: { rest, slowClients: slowLatency, signInFlood: floodLatency },
      attacks: { slowConnectionsOpened, floodStatuses: floodResult },
      freshness,
      rollingRestart: {
        exits: exits.map((e) => ({ instance: e.instance, code: e.exit?.code ?? null, downMs: e.downMs })),
        views: report.views,
        signups: report.accepted.length,
        failed: report.failures.length,
        failures: report.failures.slice(0, 20),
        deliveredOnce: counts.filter((n) => n === 1).length,
        deliveredTwice: counts.filter((n) => n > 1).length,
        undelivered: counts.filter((n) => n === 0).length,
      },
    };
    log(
      `front: ${frontRps.toFixed(0)} req/s through the front, ${directRps.toFixed(0)} direct; reader p50 ` +
        `${rest.p50Ms} ms at rest, ${slowLatency.p50Ms} ms among slow clients, ${floodLatency.p50Ms} ms during the flood; ` +
        `rolling restart: ${report.failures.length} failed of ${report.views + report.accepted.length}`,
    );
    return result;
  } finally {
    await front?.stop();
    await cluster.stop();
  }
}

function frontTargets(r: FrontBenchResult): Target[] {
  const { rest, slowClients: slow, signInFlood: flood } = r.latency;
  const roll = r.rollingRestart;
  return [
    {
      name: `${r.path} req/s: through the front / one instance`,
      value: `${r.throughput.ratio.toFixed(1)}x (${r.throughput.frontRps.toFixed(0)} / ${r.throughput.directRps.toFixed(0)})`,
      target: ">= 5x",
      pass: r.throughput.ratio >= 5,
    },
    {
      name: `reader p50 among ${SLOW_CLIENTS} slow clients / at rest`,
      value: `${(slow.p50Ms / rest.p50Ms).toFixed(2)}x (${ms(rest.p50Ms)} → ${ms(slow.p50Ms)})`,
      target: "<= 4x",
      pass: slow.p50Ms <= 4 * rest.p50Ms && slow.failed === 0,
    },
    {
      name: `reader p50 during ${FLOOD_CONNECTIONS} sign-ins from one address / at rest`,
      value: `${(flood.p50Ms / rest.p50Ms).toFixed(2)}x (${ms(rest.p50Ms)} → ${ms(flood.p50Ms)})`,
      target: "<= 4x",
      pass: flood.p50Ms <= 4 * rest.p50Ms && flood.failed === 0,
    },
    {
      name: "new content through the front after a revalidation (slowest of 3)",
      value: `${Math.max(...r.freshness.frontMs)} ms (instances alone: ${Math.max(...r.freshness.instancesMs)} ms)`,
      target: "<= 2000 ms",
      pass: Math.max(...r.freshness.frontMs) <= 2_000,
    },
    {
      name: "rolling restart: failed requests",
      value: `${roll.failed} of ${roll.views + roll.signups}`,
      target: "0",
      pass: roll.failed === 0 && roll.exits.every((e) => e.code === 0),
    },
    {
      name: "rolling restart: signups delivered exactly once",
      value: `${roll.deliveredOnce} of ${roll.signups} (${roll.deliveredTwice} twice, ${roll.undelivered} not)`,
      target: "all",
      pass: roll.deliveredOnce === roll.signups,
    },
  ];
}

function frontRows(r: FrontBenchResult): Table {
  const lat = (name: string, l: Latency) => [
    name,
    String(l.samples),
    ms(l.p50Ms),
    ms(l.p99Ms),
    String(l.failed),
  ];
  return {
    header: [`front ${r.path}`, "req/s or samples", "p50", "p99", "failed"],
    rows: [
      [`through the front (${CONNECTIONS} connections)`, r.throughput.frontRps.toFixed(0), "", "", ""],
      [`one instance directly (${CONNECTIONS} connections)`, r.throughput.directRps.toFixed(0), "", "", ""],
      lat("reader at rest (sequential)", r.latency.rest),
      lat(
        `reader among ${SLOW_CLIENTS} slow clients (${r.attacks.slowConnectionsOpened} opened)`,
        r.latency.slowClients,
      ),
      lat(
        `reader during the sign-in flood ${JSON.stringify(r.attacks.floodStatuses)}`,
        r.latency.signInFlood,
      ),
      [
        `revalidation → new content, instances alone (ms, ${r.freshness.instancesMs.length} rounds)`,
        r.freshness.instancesMs.join(", "),
        "",
        "",
        "",
      ],
      ["revalidation → new content through the front (ms)", r.freshness.frontMs.join(", "), "", "", ""],
      [
        `rolling restart (${r.rollingRestart.exits.map((e) => `${e.instance}: exit ${e.code}, ${(e.downMs / 1000).toFixed(1)} s`).join("; ")})`,
        `${r.rollingRestart.views} views, ${r.rollingRestart.signups} signups`,
        "",
        "",
        String(r.rollingRestart.failed),
      ],
    ],
  };
}

export const front = section({
  name: "front",
  needs: "none",
  run: frontBench,
  targets: frontTargets,
  tables: (r) => [frontRows(r)],
});
