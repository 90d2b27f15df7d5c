import { Redis } from "ioredis";
import { DEMO_REVALIDATE_SECRET } from "../lib/config/schema";
import { startCluster, type Cluster, type Instance } from "../tests/helpers/multi-instance";
import { until } from "../tests/helpers/until";
import { firstPostPath, log } from "./lib";
import { loadRun, percentile, type AutocannonSummary } from "./load-run";
import { median, section, type Table, type Target } from "./section";

/*
 * Several instances (section "instances"), on one build made by the
 * multi-instance harness (tests/helpers/multi-instance.ts):
 *  - throughput: a post page under the same load generator (autocannon in this process, 10
 *    connections in all) against one instance, then split over two instances sharing Redis;
 *    interleaved rounds, medians. Both instances run on the same cores as the load generator,
 *    so this shows what a second process buys on one machine, not on a second one.
 *  - latency: the same post page served from Next's cache on Redis (REDIS_URL set) and from
 *    its file cache (no REDIS_URL: memory LRU + files), one instance each, sequential requests,
 *    interleaved rounds. The page is regenerated first, so on Redis it really is Redis's entry
 *    (not the build's file that seeds a miss).
 */

const DIST_DIR = ".next-bench-instances";
const ROUNDS = 3;
const LOAD_SECONDS = 5;
const CONNECTIONS = 10;
const LATENCY_SAMPLES = 300;

type LatencyRound = {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
};

type InstancesBenchResult = {
  path: string;
  throughput: {
    oneInstance: AutocannonSummary[];
    twoInstances: { a: AutocannonSummary; b: AutocannonSummary; rps: number }[];
    oneRps: number;
    twoRps: number;
    ratio: number;
    non2xx: number;
  };
  latency: {
    redis: LatencyRound[];
    files: LatencyRound[];
    redisP50Ms: number;
    filesP50Ms: number;
    redisP99Ms: number;
    filesP99Ms: number;
    p50Ratio: number;
    p99Ratio: number;
  };
};

/**
 * Revalidates the blog and views `path` until the instance serves a regenerated entry
 * (x-nextjs-cache: HIT after the stale view), so the figures are for the store itself. Works on
 * the serving bench's control app too (bench/control/app/api/revalidate).
 */
export async function regenerate(
  instance: Pick<Instance, "name" | "url">,
  path: string,
  stored?: () => Promise<boolean>,
): Promise<void> {
  const res = await fetch(`${instance.url}/api/revalidate`, {
    method: "POST",
    headers: { authorization: `Bearer ${DEMO_REVALIDATE_SECRET}` },
  });
  if (res.status !== 200) throw new Error(`revalidation on ${instance.name} answered ${res.status}`);
  // A HIT counts only after a view that was not one: the entry was rendered again, not kept.
  let rendered = false;
  await until(
    async () => {
      const view = await fetch(`${instance.url}${path}`);
      await view.arrayBuffer();
      const hit = view.headers.get("x-nextjs-cache") === "HIT";
      rendered ||= !hit;
      return rendered && hit && (!stored || (await stored()));
    },
    { what: `${instance.name}${path} to be regenerated`, timeoutMs: 30_000, intervalMs: 200 },
  );
}

async function sequentialLatency(url: string): Promise<LatencyRound> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  return { samples: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), statuses };
}

async function instancesBench(): Promise<InstancesBenchResult> {
  log("instances: one build, two instances on Redis and one on the file cache");
  const shared: Cluster = await startCluster({ instances: 2, distDir: DIST_DIR });
  let files: Cluster | undefined;
  const inspect = new Redis(shared.redis!.url, { lazyConnect: true });
  try {
    files = await startCluster({ instances: 1, redis: false, distDir: DIST_DIR });
    const [A, B] = shared.instances as [Instance, Instance];
    const F = files.instances[0]!;
    await inspect.connect();
    const path = await firstPostPath(A);
    const inRedis = async () => (await inspect.keys(`*:e:*$${path}`)).length > 0;
    await regenerate(A, path, inRedis);
    await regenerate(F, path);

    const oneInstance: AutocannonSummary[] = [];
    const twoInstances: InstancesBenchResult["throughput"]["twoInstances"] = [];
    const redisRounds: LatencyRound[] = [];
    const fileRounds: LatencyRound[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(`instances: round ${round}/${ROUNDS}`);
      oneInstance.push(
        await loadRun({ url: `${A.url}${path}`, connections: CONNECTIONS, duration: LOAD_SECONDS }),
      );
      const [a, b] = await Promise.all([
        loadRun({ url: `${A.url}${path}`, connections: CONNECTIONS / 2, duration: LOAD_SECONDS }),
        loadRun({ url: `${B.url}${path}`, connections: CONNECTIONS / 2, duration: LOAD_SECONDS }),
      ]);
      twoInstances.push({ a, b, rps: a.rps + b.rps });
      redisRounds.push(await sequentialLatency(`${A.url}${path}`));
      fileRounds.push(await sequentialLatency(`${F.url}${path}`));
    }
    const oneRps = median(oneInstance.map((r) => r.rps));
    const twoRps = median(twoInstances.map((r) => r.rps));
    const non2xx =
      oneInstance.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0) +
      twoInstances.reduce(
        (n, r) => n + r.a.non2xx + r.a.errors + r.a.timeouts + r.b.non2xx + r.b.errors + r.b.timeouts,
        0,
      );
    const redisP50Ms = median(redisRounds.map((r) => r.p50Ms));
    const filesP50Ms = median(fileRounds.map((r) => r.p50Ms));
    const redisP99Ms = median(redisRounds.map((r) => r.p99Ms));
    const filesP99Ms = median(fileRounds.map((r) => r.p99Ms));
    return {
      path,
      throughput: { oneInstance, twoInstances, oneRps, twoRps, ratio: twoRps / oneRps, non2xx },
      latency: {
        redis: redisRounds,
        files: fileRounds,
        redisP50Ms,
        filesP50Ms,
        redisP99Ms,
        filesP99Ms,
        p50Ratio: redisP50Ms / filesP50Ms,
        p99Ratio: redisP99Ms / filesP99Ms,
      },
    };
  } finally {
    inspect.disconnect();
    await files?.stop();
    await shared.stop();
  }
}

const signedMs = (ms: number) => `${ms < 0 ? "-" : "+"}${Math.abs(ms).toFixed(2)} ms`;

function instancesTargets(r: InstancesBenchResult): Target[] {
  const statuses = [...r.latency.redis, ...r.latency.files].flatMap((round) => Object.keys(round.statuses));
  return [
    {
      name: "post page rps: two instances / one (same cores, Redis)",
      value: `${r.throughput.ratio.toFixed(2)}x`,
      target: "(reported)",
      pass: null,
    },
    {
      name: "post page p50: Redis cache / file cache",
      value: `${r.latency.p50Ratio.toFixed(2)}x (${signedMs(r.latency.redisP50Ms - r.latency.filesP50Ms)})`,
      target: "(reported)",
      pass: null,
    },
    {
      name: "instances: answers other than 200 under load",
      value: String(r.throughput.non2xx + statuses.filter((s) => s !== "200").length),
      target: "0",
      pass: r.throughput.non2xx === 0 && statuses.every((s) => s === "200"),
    },
  ];
}

function instancesRows(r: InstancesBenchResult): Table {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  return {
    header: [`instances ${r.path}`, "req/s or samples", "p50", "p99"],
    rows: [
      [`one instance (${CONNECTIONS} connections)`, r.throughput.oneRps.toFixed(0), "", ""],
      [`two instances (${CONNECTIONS / 2} + ${CONNECTIONS / 2})`, r.throughput.twoRps.toFixed(0), "", ""],
      [
        "from Redis (sequential)",
        String(r.latency.redis.reduce((n, x) => n + x.samples, 0)),
        ms(r.latency.redisP50Ms),
        ms(r.latency.redisP99Ms),
      ],
      [
        "from the file cache (sequential)",
        String(r.latency.files.reduce((n, x) => n + x.samples, 0)),
        ms(r.latency.filesP50Ms),
        ms(r.latency.filesP99Ms),
      ],
    ],
  };
}

export const instances = section({
  name: "instances",
  needs: "none",
  run: instancesBench,
  targets: instancesTargets,
  tables: (r) => [instancesRows(r)],
});
