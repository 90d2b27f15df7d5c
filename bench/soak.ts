import { adminLogin } from "./admin";
import { firstPostPath, log, startSite, type SiteProcess } from "./lib";
import { loadRun, percentile, type AutocannonSummary } from "./load-run";
import { treeRssBytes } from "./process-tree";
import { BENCH_QUERIES } from "../tests/helpers/search-corpus";
import { fmtMs, section, type Table, type Target } from "./section";

/*
 * The soak (`npm run bench -- --only soak`, `--soak-seconds N` to shorten it from 10 minutes):
 * one `next start` of the 100-post build on the Node the bench runs on, holding at once
 *  - the cached post page (6 connections),
 *  - search, a query of the bench's mix from a new client each time (2 connections),
 *  - valid signups, a new address from a new client, at 4 a second (under the site-wide budget
 *    of 300 a minute, so they are accepted and delivered),
 *  - refused signups, 6 a second: malformed addresses (400) and one client past its budget (429),
 *  - an admin session, signed in once, listing the members (1 connection),
 * and reports what an operator would watch: the server's exits and 5xx answers (both must stay
 * at 0), its process tree's RSS every 10 s, and each minute's p99 over every answer.
 *
 * RSS levels off when the last half of the soak adds at most a quarter of what the first half
 * added: growth = (peak over the last half - peak over the first half) / (peak over the first
 * half - RSS before the load). Peaks, not single readings, since V8 grows and shrinks its heap by
 * tens of MiB with the garbage it sees.
 *
 * `--soak-node-options="<flags>"` (with "=", since the flags start with "-") starts the server with
 * Node flags of its own (e.g. `--max-old-space-size=256` or `--heapsnapshot-signal=SIGUSR2`) to
 * tell heap sizing from a leak.
 */

const RSS_EVERY_MS = 10_000;
const MINUTE_MS = 60_000;
/** Each stream runs in slices this long, so a stop or a dead server ends it within one. */
const SLICE_SECONDS = 30;
const LEVELS_OFF = 0.25;

type StreamName = "post" | "search" | "signup" | "refused" | "admin";

type Stream = {
  name: StreamName;
  connections: number;
  overallRate?: number;
  /** The request's path, method, headers and body, made afresh for every request. */
  request: (i: number) => { path: string; method?: string; headers?: Record<string, string>; body?: string };
};

export type SoakResult = {
  node: string;
  seconds: number;
  serverNodeOptions: string[];
  /** The server process's exit while under load (null: it kept running). */
  serverExit: string | null;
  statuses: Record<StreamName, Record<string, number>>;
  errors: number;
  timeouts: number;
  serverErrors: number;
  requests: number;
  /** Seconds since the load began and the process tree's RSS, in bytes. */
  rss: { atS: number; bytes: number }[];
  rssBeforeBytes: number;
  firstHalfPeakBytes: number;
  lastHalfPeakBytes: number;
  /** What the last half added over what the first half added. */
  growthRatio: number;
  /** Per minute of load: every answer's p99 and the post page's, and the requests answered. */
  minutes: { minute: number; requests: number; p99Ms: number; postP99Ms: number }[];
};

function clientAddress(i: number, network: number): string {
  return `10.${network}.${(i >> 8) & 255}.${i & 255}`;
}

function streams(postPath: string, origin: string, cookie: string, runId: string): Stream[] {
  const form = (email: string, client: string) => ({
    path: "/api/newsletter",
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      origin,
      "x-forwarded-for": client,
    },
    body: JSON.stringify({ email }),
  });
  return [
    { name: "post", connections: 6, request: () => ({ path: postPath }) },
    {
      name: "search",
      connections: 2,
      request: (i) => ({
        path: `/search?q=${encodeURIComponent(BENCH_QUERIES[i % BENCH_QUERIES.length]!)}`,
        headers: { "x-forwarded-for": clientAddress(i, 20 + ((i >> 16) & 63)) },
      }),
    },
    {
      name: "signup",
      connections: 1,
      overallRate: 4,
      // Each from a network of its own (the third byte changes first: a /24 each), so the
      // per-network budget is not what refuses them.
      request: (i) =>
        form(`soak-${runId}-${i}@example.com`, `10.${100 + ((i >> 16) & 63)}.${i & 255}.${(i >> 8) & 255}`),
    },
    {
      name: "refused",
      connections: 1,
      overallRate: 6,
      request: (i) =>
        i % 2
          ? form(`not an address ${i}`, clientAddress(i, 200))
          : form(`soak-${runId}-again-${i}@example.com`, "10.250.0.1"),
    },
    { name: "admin", connections: 1, request: () => ({ path: "/admin/members", headers: { cookie } }) },
  ];
}

export const soak = section({
  name: "soak",
  needs: "build",
  async run(ctx): Promise<SoakResult> {
    const seconds = ctx.soakSeconds;
    const nodeArgs = ctx.soakNodeOptions;
    log(`soak: ${seconds} s on Node ${process.version}${nodeArgs.length ? ` (${nodeArgs.join(" ")})` : ""}`);
    let site: SiteProcess | undefined;
    try {
      site = await startSite({
        distDir: ctx.distDir,
        wsPort: ctx.ws.port,
        sitePort: ctx.ports.site,
        nodeArgs,
      });
      const server = site;
      const pid = server.child.pid;
      if (pid === undefined) throw new Error("the soak's server has no process id");
      let serverExit: string | null = null;
      server.child.once("exit", (code, signal) => (serverExit = `exit code ${code}, signal ${signal}`));
      const postPath = await firstPostPath(server);
      const cookie = await adminLogin(server, `http://localhost:${ctx.ports.site}`);
      const runId = Date.now().toString(36);
      const rssBeforeBytes = treeRssBytes(pid);
      const t0 = performance.now();
      const rss: SoakResult["rss"] = [];
      const sampler = setInterval(() => {
        if (serverExit === null)
          rss.push({ atS: Math.round((performance.now() - t0) / 1000), bytes: treeRssBytes(pid) });
      }, RSS_EVERY_MS);
      const perMinute = new Map<number, { all: number[]; post: number[] }>();
      const runs = new Map<StreamName, AutocannonSummary[]>();
      const endAt = t0 + seconds * 1000;
      const hold = async (s: Stream) => {
        let i = 0;
        while (serverExit === null) {
          const left = (endAt - performance.now()) / 1000;
          if (left < 1) break;
          const run = await loadRun(
            {
              url: server.url,
              connections: s.connections,
              overallRate: s.overallRate,
              duration: Math.min(SLICE_SECONDS, Math.floor(left)),
              requests: [{ setupRequest: (req) => ({ ...req, ...s.request(i++) }) }],
            },
            (SLICE_SECONDS + 30) * 1000,
            (_status, ms) => {
              const minute = Math.floor((performance.now() - t0) / MINUTE_MS);
              const bucket = perMinute.get(minute) ?? { all: [], post: [] };
              perMinute.set(minute, bucket);
              bucket.all.push(ms);
              if (s.name === "post") bucket.post.push(ms);
            },
          );
          runs.set(s.name, [...(runs.get(s.name) ?? []), run]);
        }
      };
      const progress = setInterval(() => {
        const last = rss.at(-1);
        if (last) log(`soak: ${last.atS} s, RSS ${(last.bytes / 1024 / 1024).toFixed(0)} MiB`);
      }, MINUTE_MS);
      try {
        await Promise.all(streams(postPath, `http://localhost:${ctx.ports.site}`, cookie, runId).map(hold));
      } finally {
        clearInterval(sampler);
        clearInterval(progress);
      }
      const statuses = {} as SoakResult["statuses"];
      let errors = 0;
      let timeouts = 0;
      let requests = 0;
      for (const [name, list] of runs) {
        const counts: Record<string, number> = {};
        for (const r of list) {
          for (const [code, n] of Object.entries(r.statusCodes)) counts[code] = (counts[code] ?? 0) + n;
          errors += r.errors;
          timeouts += r.timeouts;
          requests += r.requests;
        }
        statuses[name] = counts;
      }
      const serverErrors = Object.values(statuses)
        .flatMap((c) => Object.entries(c))
        .filter(([code]) => code.startsWith("5"))
        .reduce((n, [, count]) => n + count, 0);
      const half = Math.ceil(rss.length / 2);
      const firstHalfPeakBytes = Math.max(rssBeforeBytes, ...rss.slice(0, half).map((s) => s.bytes));
      const lastHalfPeakBytes = Math.max(...rss.slice(half).map((s) => s.bytes));
      const minutes = [...perMinute.entries()]
        .sort(([a], [b]) => a - b)
        .map(([minute, { all, post }]) => ({
          minute: minute + 1,
          requests: all.length,
          p99Ms: percentile(
            all.sort((a, b) => a - b),
            99,
          ),
          postP99Ms: percentile(
            post.sort((a, b) => a - b),
            99,
          ),
        }));
      return {
        node: process.version,
        seconds,
        serverNodeOptions: nodeArgs,
        serverExit,
        statuses,
        errors,
        timeouts,
        serverErrors,
        requests,
        rss,
        rssBeforeBytes,
        firstHalfPeakBytes,
        lastHalfPeakBytes,
        growthRatio:
          (lastHalfPeakBytes - firstHalfPeakBytes) / Math.max(firstHalfPeakBytes - rssBeforeBytes, 1),
        minutes,
      };
    } finally {
      await site?.stop();
    }
  },
  targets(r): Target[] {
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    return [
      {
        name: `soak ${r.seconds} s on Node ${r.node}: server exits and 5xx answers`,
        value: `${r.serverExit ?? "no exit"}, ${r.serverErrors} 5xx (${r.requests} requests, ${r.errors} errors, ${r.timeouts} timeouts)`,
        target: "no exit, 0",
        pass: r.serverExit === null && r.serverErrors === 0,
      },
      {
        name: "soak RSS: what the last half added / what the first half added",
        value: `${r.growthRatio.toFixed(2)} (${mb(r.rssBeforeBytes)} → ${mb(r.firstHalfPeakBytes)} → ${mb(r.lastHalfPeakBytes)} MiB)`,
        target: `<= ${LEVELS_OFF}`,
        pass: r.growthRatio <= LEVELS_OFF,
      },
    ];
  },
  tables(r): Table[] {
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    return [
      {
        header: [`soak (${r.seconds} s, Node ${r.node})`, "answers by status"],
        rows: Object.entries(r.statuses).map(([name, counts]) => [name, JSON.stringify(counts)]),
      },
      {
        header: ["soak RSS (s: MiB, every 10 s)"],
        rows: [[[`0: ${mb(r.rssBeforeBytes)}`, ...r.rss.map((s) => `${s.atS}: ${mb(s.bytes)}`)].join(", ")]],
      },
      {
        header: ["soak minute", "requests", "p99 (all)", "p99 (post page)"],
        rows: r.minutes.map((m) => [
          String(m.minute),
          String(m.requests),
          fmtMs(m.p99Ms),
          fmtMs(m.postP99Ms),
        ]),
      },
    ];
  },
});
