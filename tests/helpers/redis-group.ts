import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { requireRedisServer, restartablePort, waitForPong } from "./redis-server";
import { stopProcess } from "./stop-process";
import { sleep, until } from "./until";

/*
 * Redis as production runs it, for the durability suites: data servers with their own folder
 * (the append-only file on, fsync every second, as deploy/redis/redis.conf), replicas, and
 * Sentinels (`redis-server FILE --sentinel`), each a process of its own on a free loopback
 * port, stopped (or killed with SIGKILL, as a crash) by PID. Nothing is a system service and
 * every folder is removed at the end.
 */

const BIN = () => process.env.REDIS_SERVER_BIN || "redis-server";

export type RedisNode = {
  port: number;
  url: string;
  dir: string;
  /** SIGKILL: a crash, nothing flushed beyond what the server already wrote. */
  kill9(): Promise<void>;
  /** Starts the server again on the same port and folder (it reloads its append-only file). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  running(): boolean;
};

// Every server still running when the test process exits is killed, through one exit hook.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts `redis-server argv` and waits for it to answer on `port`. A free port can be taken by
 * another suite's server between the pick and the spawn; then the PONG would come from that
 * server while ours has exited, so the child must still be running once the port answers.
 */
async function spawnAnswering(port: number, argv: string[]): Promise<ChildProcess> {
  const child = spawn(BIN(), argv, { stdio: ["ignore", "ignore", "ignore"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  try {
    await waitForPong(port, 15_000);
    // Long enough for a server that could not bind to have exited.
    await sleep(100);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`redis-server on port ${port} exited at start (the port was taken by another process)`);
  }
  return child;
}

/** Runs `start` on a free port, and on another one if that port was taken meanwhile. */
async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<[number, T]> {
  for (let attempt = 1; ; attempt++) {
    const port = await restartablePort();
    try {
      return [port, await start(port)];
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/**
 * A data server in `dir` (a fresh temporary folder unless given), with `args` after the
 * defaults; or, with `configFile`, that file's settings with only the port, address and folder
 * overridden.
 */
export async function startRedisNode(
  options: { dir?: string; port?: number; args?: string[]; configFile?: string } = {},
): Promise<RedisNode> {
  requireRedisServer();
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), "masthead-redis-"));
  const argvOn = (port: number) => {
    const where = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir];
    return options.configFile
      ? [options.configFile, ...where, ...(options.args ?? [])]
      : [
          ...where,
          "--save",
          "",
          "--appendonly",
          "yes",
          "--appendfsync",
          "everysec",
          "--maxmemory-policy",
          "noeviction",
          "--loglevel",
          "warning",
          ...(options.args ?? []),
        ];
  };
  let child: ChildProcess | null = null;
  let port = options.port ?? 0;
  const launch = async () => {
    child = await spawnAnswering(port, argvOn(port));
  };
  if (options.port) await launch();
  else [port, child] = await onFreePort((p) => spawnAnswering(p, argvOn(p)));
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async kill9() {
      if (!child) return;
      const c = child;
      c.kill("SIGKILL");
      await exited(c);
      child = null;
    },
    async restart() {
      if (child) await stopProcess(child, 2_000);
      await launch();
    },
    async stop() {
      await stopProcess(child, 2_000);
      child = null;
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SentinelGroup = {
  name: string;
  primary: RedisNode;
  replica: RedisNode;
  sentinels: { host: string; port: number }[];
  /** REDIS_SENTINELS for an instance. */
  sentinelList: string;
  /** The address the Sentinels give for the primary now ("127.0.0.1:port"). */
  primaryNow(): Promise<string | null>;
  stop(): Promise<void>;
};

/**
 * A primary, one replica and three Sentinels (quorum 2) watching them, with short timings so a
 * failover takes seconds: the primary is deemed down after 1 s without an answer.
 */
export async function startSentinelGroup(name = "masthead"): Promise<SentinelGroup> {
  const primary = await startRedisNode();
  const replica = await startRedisNode({ args: ["--replicaof", "127.0.0.1", String(primary.port)] });
  await until(
    async () => {
      const info = await oneShot(primary.port, (c) => c.info("replication"));
      return /connected_slaves:1/.test(info ?? "") && /state=online/.test(info ?? "");
    },
    { what: "the replica to sync with the primary", timeoutMs: 15_000, intervalMs: 100 },
  );
  const sentinelDir = mkdtempSync(path.join(tmpdir(), "masthead-sentinel-"));
  const sentinels: { host: string; port: number; child: ChildProcess }[] = [];
  for (let i = 0; i < 3; i++) {
    const file = path.join(sentinelDir, `sentinel-${i}.conf`);
    const [port, child] = await onFreePort((port) => {
      writeFileSync(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${sentinelDir}`,
          `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          `sentinel parallel-syncs ${name} 1`,
          "",
        ].join("\n"),
      );
      return spawnAnswering(port, [file, "--sentinel", "--loglevel", "warning"]);
    });
    sentinels.push({ host: "127.0.0.1", port, child });
  }
  const primaryNow = async () => {
    for (const s of sentinels) {
      const reply = await oneShot(s.port, (c) => c.call("SENTINEL", "get-master-addr-by-name", name)).catch(
        () => null,
      );
      if (Array.isArray(reply)) return `${reply[0]}:${reply[1]}`;
    }
    return null;
  };
  // Every Sentinel knows the replica and the others before the group counts as up. Sentinels
  // find each other through hello messages every 2 s and replicas through the primary's INFO
  // every 10 s, so a loaded machine can take a few of those rounds.
  const views = new Map<number, string>();
  await until(
    async () => {
      let all = true;
      for (const s of sentinels) {
        const master = (await oneShot(s.port, (c) => c.call("SENTINEL", "master", name)).catch(
          () => null,
        )) as string[] | null;
        const field = (k: string) => (master ? master[master.indexOf(k) + 1] : undefined);
        views.set(s.port, `replicas ${field("num-slaves")}, other Sentinels ${field("num-other-sentinels")}`);
        if (field("num-slaves") !== "1" || field("num-other-sentinels") !== "2") all = false;
      }
      return all;
    },
    {
      what: "the Sentinels to discover the replica and each other",
      timeoutMs: 60_000,
      intervalMs: 250,
      detail: () => [...views].map(([port, view]) => `Sentinel on ${port}: ${view}`).join("\n"),
    },
  );
  return {
    name,
    primary,
    replica,
    sentinels: sentinels.map(({ host, port }) => ({ host, port })),
    sentinelList: sentinels.map((s) => `${s.host}:${s.port}`).join(","),
    primaryNow,
    async stop() {
      await Promise.all(sentinels.map((s) => stopProcess(s.child, 2_000)));
      await Promise.all([primary.stop(), replica.stop()]);
      rmSync(sentinelDir, { recursive: true, force: true });
    },
  };
}

/** One command on a short-lived connection; null when the server does not answer. */
export async function oneShot<T>(port: number, run: (client: Redis) => Promise<T>): Promise<T | null> {
  const client = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return await run(client);
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}
