import { startCluster, type Cluster, type Instance } from "../tests/helpers/multi-instance";
import { regenerate } from "./instances";
import { auditMobile, type MobileAudit } from "./lighthouse-audit";
import { log } from "./lib";
import { combinedRuns, loadRun, percentile, type AutocannonSummary } from "./load-run";
import { treeCpuMs, treeRssBytes } from "./process-tree";
import { median, section } from "./section";
import { capture, startControl, type Control } from "./serving-control";
import {
  CONNECTIONS,
  DIST_DIR,
  FILL_REQUESTS,
  LIGHTHOUSE_RUNS,
  LOAD_SECONDS,
  MEMORY_REQUESTS,
  PAGES,
  POST,
  ROUNDS,
  ROUTES,
  RSS_SAMPLE_EVERY,
  WARM_SECONDS,
  type PathFigures,
  type ServingBenchResult,
} from "./serving-plan";
import { servingRows, servingTargets } from "./serving-report";

/*
 * The serving path (`npm run bench -- --only serving`): Masthead's cached pages against a bare
 * Next app with the same route shapes that renders the markup captured from Masthead
 * (bench/control/, copied and built in a folder of its own outside the repository), side by side
 * in one run, on the Node.js the bench runs on.
 *
 *  - every server first renders the post page again (a revalidation, then views until a HIT),
 *    so each serves a page its own process rendered, as a server in service does (see below);
 *  - warm-up: a short load on every address of every server first, so the rounds measure code
 *    the JIT has compiled (Masthead has more of it than the bare app);
 *  - pages and routes: each address on Masthead (no REDIS_URL) and on the control app,
 *    autocannon with 10 connections, 9 rounds; in each, every server runs 1 s twice, in mirrored
 *    order (A B B A, the other server first in every other round), and each ratio is the median
 *    of the rounds' ratios. One short run beside another can land far on either side of even as
 *    the machine's pace moves within seconds; a mirrored round cancels a steady drift. Each
 *    run also reads the server process's own CPU time: req/s includes the load generator, which
 *    shares the cores, while CPU per request is what the server alone spent;
 *  - Redis: the post page on a second Masthead instance of the same build with REDIS_URL (its
 *    entry regenerated first, so Redis really holds it, and warmed up on every address as the
 *    embedded instance is), in the same mirrored rounds as the
 *    embedded instance's post page it is compared with (A R B B R A);
 *  - Lighthouse (mobile) on the post page of Masthead and of the control in turn, 3 runs each:
 *    reported side by side, since its score moves with the machine (lighthouseTarget below);
 *  - unknown addresses: after the page rounds, because a server that has just answered a few
 *    thousand of them spends 15-45% more CPU on each known page for a while (measured on
 *    Masthead; the control app was never flooded, so the pages would not compare like for
 *    like), rounds of random /blog, /tags, /authors and /og/blog addresses alternating
 *    with the post page on the embedded instance, then 60,000 more to fill Next's own bounded
 *    caches (below), then 24,000 more on the warmed server, its memory (the process tree's RSS)
 *    read every 2,000. V8 grows and shrinks its heap with the garbage it sees (a few tens of MiB
 *    either way here, with the live heap flat), so one reading against another says little:
 *    memory is bounded when the last 12,000 set no peak above the first 12,000's.
 *
 * Everything runs on the same cores as the load generator and whatever else the machine is
 * doing, which is why only ratios measured in the same rounds are targets.
 */

/** A random address of each kind that may name nothing, spread evenly. */
function randomUnknownPath(): string {
  const token = Math.random().toString(36).slice(2, 12);
  switch (Math.floor(Math.random() * 4)) {
    case 0:
      return `/blog/${token}`;
    case 1:
      return `/tags/${token}`;
    case 2:
      return `/authors/${token}`;
    default:
      return `/og/blog/${token}`;
  }
}

const unknownLoad = (url: string, opts: { duration?: number; amount?: number }) =>
  loadRun({
    url,
    connections: CONNECTIONS,
    ...opts,
    requests: [{ setupRequest: (req) => ({ ...req, path: randomUnknownPath() }) }],
  });

async function bytesOf(url: string): Promise<number> {
  const res = await fetch(url);
  return (await res.arrayBuffer()).byteLength;
}

async function servingBench(): Promise<ServingBenchResult> {
  log("serving: one Masthead build, an instance without Redis and one with it");
  let embedded: Cluster | undefined;
  let shared: Cluster | undefined;
  let control: Control | undefined;
  try {
    embedded = await startCluster({ instances: 1, redis: false, distDir: DIST_DIR });
    shared = await startCluster({ instances: 1, distDir: DIST_DIR });
    const E: Instance = embedded.instances[0]!;
    const R: Instance = shared.instances[0]!;
    control = await startControl(await capture(E.url));
    const redis = shared.redis!;
    // Every server serves a post page its own process rendered again, as a server in service
    // does. Besides the entry itself, a render changes the process: on Node 20 the first
    // AsyncLocalStorage.run() (Next renders inside several) turns on a promise hook that every
    // later request pays, cache hits included, so a server that had rendered spends visibly more
    // CPU per cached view than one that had not. A server with the hook beside one without
    // compares the hook, not the serving path, so every server compared has rendered.
    await regenerate(E, POST);
    await regenerate({ name: "control", url: control.url }, POST);
    await regenerate(R, POST, async () => {
      const { Redis } = await import("ioredis");
      const inspect = new Redis(redis.url);
      try {
        return (await inspect.keys(`*:e:*$${POST}`)).length > 0;
      } finally {
        inspect.disconnect();
      }
    });
    // Every address on every server, the Redis instance included: first views fill each
    // process's memory, then a short load lets the JIT compile what a cached view runs. The two
    // Masthead instances get the same warm-up, since most of what a cached view runs (Next's
    // router and response path) is shared by every address, and an instance warmed on one
    // address would be compared half-compiled with one warmed on six.
    for (const p of [...PAGES, ...ROUTES])
      for (const base of [E.url, control.url, R.url]) {
        for (let i = 0; i < 3; i++) await bytesOf(base + p);
        await loadRun({ url: base + p, connections: CONNECTIONS, duration: WARM_SECONDS });
      }

    const pidOf = (name: string, pid: number | undefined) => {
      if (pid === undefined) throw new Error(`the ${name} server has no process id`);
      return pid;
    };
    const pids = { masthead: pidOf("Masthead", E.pid()), control: pidOf("control", control.pid) };

    type Runs = {
      masthead: AutocannonSummary[];
      control: AutocannonSummary[];
      cpu: { masthead: number[]; control: number[] };
    };
    const runs = new Map<string, Runs>();
    const redisRuns: AutocannonSummary[] = [];
    /** Each round's Redis post-page req/s over the embedded one's in the same round. */
    const redisRatios: number[] = [];
    type Side = "masthead" | "control" | "redis";
    const urlOf = { masthead: E.url, control: control.url, redis: R.url };
    for (let round = 1; round <= ROUNDS; round++) {
      log(`serving: round ${round}/${ROUNDS}`);
      for (const p of [...PAGES, ...ROUTES]) {
        const figures = runs.get(p) ?? { masthead: [], control: [], cpu: { masthead: [], control: [] } };
        runs.set(p, figures);
        // Mirrored (A B B A, or A R B B R A for the post page, which the Redis instance also
        // serves), starting with the other server in every other round: a drift in the machine's
        // pace during the round weighs on every server alike, and each one runs first and last
        // as often as the others.
        const half: Side[] = p === POST ? ["masthead", "redis", "control"] : ["masthead", "control"];
        const first = round % 2 ? half : [...half].reverse();
        const done = new Map<Side, { summary: AutocannonSummary; cpuMs: number }[]>();
        for (const side of [...first, ...[...first].reverse()]) {
          const pid = side === "redis" ? undefined : pids[side];
          const before = pid === undefined ? 0 : treeCpuMs(pid);
          const summary = await loadRun({
            url: urlOf[side] + p,
            connections: CONNECTIONS,
            duration: LOAD_SECONDS,
          });
          const cpuMs = pid === undefined ? 0 : treeCpuMs(pid) - before;
          done.set(side, [...(done.get(side) ?? []), { summary, cpuMs }]);
        }
        const both = (side: Side) => {
          const [a, b] = done.get(side)!;
          const summary = combinedRuns(a!.summary, b!.summary);
          return { summary, cpuUs: ((a!.cpuMs + b!.cpuMs) * 1000) / Math.max(summary.requests, 1) };
        };
        for (const side of ["masthead", "control"] as const) {
          const { summary, cpuUs } = both(side);
          figures[side].push(summary);
          figures.cpu[side].push(cpuUs);
        }
        if (p === POST) {
          redisRuns.push(both("redis").summary);
          redisRatios.push(redisRuns.at(-1)!.rps / figures.masthead.at(-1)!.rps);
        }
      }
    }

    // Before the unknown addresses, for the same reason as the page rounds.
    const lighthouse = { masthead: [] as MobileAudit[], control: [] as MobileAudit[] };
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
      for (const side of i % 2 ? (["control", "masthead"] as const) : (["masthead", "control"] as const)) {
        log(`serving: Lighthouse (mobile) on the post page, ${side}, ${i + 1}/${LIGHTHOUSE_RUNS}`);
        lighthouse[side].push(await auditMobile(urlOf[side] + POST));
      }

    const unknownRuns: AutocannonSummary[] = [];
    const postRuns: AutocannonSummary[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(`serving: unknown addresses, round ${round}/${ROUNDS}`);
      postRuns.push(await loadRun({ url: E.url + POST, connections: CONNECTIONS, duration: LOAD_SECONDS }));
      unknownRuns.push(await unknownLoad(E.url, { duration: LOAD_SECONDS }));
    }

    // Next's router keeps a negative cache of the paths it found nothing for, bounded at 8 MiB by
    // its own count (tens of thousands of paths): until it is full, every
    // new address adds to it, in Masthead as in any Next app. A warmed server is one past that.
    log(`serving: ${FILL_REQUESTS} unknown addresses to fill Next's own bounded caches`);
    const fillRun = await unknownLoad(E.url, { amount: FILL_REQUESTS });
    log(`serving: ${MEMORY_REQUESTS} unknown addresses on the warmed server`);
    const pid = pids.masthead;
    const memoryRuns: AutocannonSummary[] = [];
    const rssSamplesBytes: number[] = [];
    for (let done = 0; done < MEMORY_REQUESTS; done += RSS_SAMPLE_EVERY) {
      memoryRuns.push(await unknownLoad(E.url, { amount: RSS_SAMPLE_EVERY }));
      rssSamplesBytes.push(treeRssBytes(pid));
    }
    const half = rssSamplesBytes.length / 2;
    const firstHalfPeakBytes = Math.max(...rssSamplesBytes.slice(0, half));
    const secondHalfPeakBytes = Math.max(...rssSamplesBytes.slice(half));

    const paths: PathFigures[] = [];
    for (const [p, figures] of runs) {
      const mastheadRps = median(figures.masthead.map((r) => r.rps));
      const controlRps = median(figures.control.map((r) => r.rps));
      const mastheadP50Ms = median(figures.masthead.map((r) => r.p50Ms));
      const controlP50Ms = median(figures.control.map((r) => r.p50Ms));
      const mastheadCpuUs = median(figures.cpu.masthead);
      const controlCpuUs = median(figures.cpu.control);
      // Ratios are each round's, then the median over the rounds: the machine's pace drifts by
      // more than the difference measured, but less within one round.
      const perRound = (of: (side: "masthead" | "control", i: number) => number) =>
        figures.masthead.map((_, i) => of("masthead", i) / Math.max(of("control", i), 1e-9));
      const paired = (of: (side: "masthead" | "control", i: number) => number) => median(perRound(of));
      const rpsRatios = perRound((side, i) => figures[side][i]!.rps).sort((a, b) => a - b);
      paths.push({
        path: p,
        mastheadBytes: await bytesOf(E.url + p),
        controlBytes: await bytesOf(control.url + p),
        masthead: figures.masthead,
        control: figures.control,
        mastheadCpuUs,
        controlCpuUs,
        cpuRatio: paired((side, i) => figures.cpu[side][i]!),
        mastheadRps,
        controlRps,
        mastheadP50Ms,
        controlP50Ms,
        rpsRatio: median(rpsRatios),
        rpsRatioMiddleHalf: [percentile(rpsRatios, 25), percentile(rpsRatios, 75)],
        p50Ratio: paired((side, i) => figures[side][i]!.p50Ms),
      });
    }
    const redisRps = median(redisRuns.map((r) => r.rps));
    const unknownRps = median(unknownRuns.map((r) => r.rps));
    const postRps = median(postRuns.map((r) => r.rps));
    const statuses: Record<string, number> = {};
    for (const r of [...unknownRuns, fillRun, ...memoryRuns])
      for (const [code, n] of Object.entries(r.statusCodes)) statuses[code] = (statuses[code] ?? 0) + n;
    return {
      node: process.version,
      paths,
      lighthouse,
      redis: {
        runs: redisRuns,
        rps: redisRps,
        p50Ms: median(redisRuns.map((r) => r.p50Ms)),
        ratioToEmbedded: median(redisRatios),
      },
      unknown: {
        runs: unknownRuns,
        rps: unknownRps,
        postRps,
        ratioToKnown: unknownRps / postRps,
        statuses,
        memory: {
          requests: memoryRuns.reduce((n, r) => n + r.requests, 0),
          rssSamplesBytes,
          firstHalfPeakBytes,
          secondHalfPeakBytes,
          growth: secondHalfPeakBytes / firstHalfPeakBytes - 1,
        },
      },
    };
  } finally {
    await control?.stop();
    await shared?.stop();
    await embedded?.stop();
  }
}

export const serving = section({
  name: "serving",
  needs: "none",
  run: servingBench,
  targets: servingTargets,
  tables: (r) => [servingRows(r)],
});
