import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { watchRedisSettings } from "@/lib/state/redis-settings";
import { oneShot, startRedisNode, type RedisNode } from "../helpers/redis-group";
import { freePort, waitForPong } from "../helpers/redis-server";
import { stopProcess } from "../helpers/stop-process";
import { until } from "../helpers/until";

/*
 * The settings queued signups depend on, read from a real redis-server at start: a
 * maxmemory-policy other than noeviction stops the process (here `npm run worker`, which runs
 * the same check as a server's start), appendonly no is a warning, and a Redis that refuses
 * CONFIG (as hosted plans do) is read through INFO.
 */

const ROOT = path.resolve(__dirname, "../..");
const nodes: RedisNode[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function redisWith(args: string[]): Promise<RedisNode> {
  const node = await startRedisNode({ args });
  nodes.push(node);
  return node;
}

/**
 * `npm run worker` against `url`: its output, and its exit code (null when it started running
 * and was then stopped).
 */
async function runWorker(url: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "masthead-worker-"));
  folders.push(dir);
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/delivery/cli.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        REDIS_URL: url,
        DELIVERY_STORE_PATH: path.join(dir, "signups.sqlite"),
        LOCAL_WORKSPACE_PORT: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
    if (output.includes("worker running")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await exit;
  clearTimeout(timer);
  return { code: code === 0 && output.includes("worker running") ? null : code, output };
}

describe("Redis settings checked at start", () => {
  it("allkeys-lru stops the process with a message naming maxmemory-policy", async () => {
    const node = await redisWith(["--maxmemory-policy", "allkeys-lru"]);
    const { code, output } = await runWorker(node.url, 20_000);
    expect(code).toBe(1);
    expect(output).toContain("maxmemory-policy is allkeys-lru");
    expect(output).not.toContain("worker running");
  }, 40_000);

  it("appendonly no is a warning naming appendonly, and the process runs", async () => {
    const node = await redisWith(["--appendonly", "no"]);
    const { code, output } = await runWorker(node.url, 20_000);
    expect(code).toBeNull();
    expect(output).toContain("appendonly is no");
    expect(output).toContain('"level":"warn"');
  }, 40_000);

  it("reads a Redis that refuses CONFIG, and exports both readings", async () => {
    const node = await redisWith(["--maxmemory-policy", "volatile-lru", "--rename-command", "CONFIG", ""]);
    const client = new Redis(node.url, { lazyConnect: true });
    await client.connect();
    try {
      await expect(client.call("CONFIG", "GET", "maxmemory-policy")).rejects.toThrow(/unknown command/i);
      const lines: string[] = [];
      const verdict = await watchRedisSettings(client, (line) => lines.push(line));
      expect(verdict?.settings).toEqual({ maxmemoryPolicy: "volatile-lru", appendonly: true });
      expect(verdict?.refusal).toContain("maxmemory-policy is volatile-lru");
      expect(lines.join("\n")).toContain("maxmemory-policy");
      const { metrics } = await import("@/lib/observability/metrics");
      const text = await metrics().registry.metrics();
      expect(text).toContain("masthead_redis_noeviction 0");
      expect(text).toContain("masthead_redis_aof_enabled 1");
    } finally {
      client.disconnect();
    }
  });

  it("a noeviction Redis with its append-only file passes quietly", async () => {
    const node = await redisWith([]);
    const client = new Redis(node.url, { lazyConnect: true });
    await client.connect();
    try {
      const lines: string[] = [];
      await until(() => client.status === "ready");
      const verdict = await watchRedisSettings(client, (line) => lines.push(line));
      expect(verdict).toMatchObject({ refusal: null, warning: null });
      expect(lines).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});

describe("deploy/redis", () => {
  it("redis.conf passes the start-up check as it is (noeviction, the append-only file on)", async () => {
    const node = await startRedisNode({ configFile: path.join(ROOT, "deploy/redis/redis.conf") });
    nodes.push(node);
    const client = new Redis(node.url, { lazyConnect: true });
    await client.connect();
    try {
      const lines: string[] = [];
      const verdict = await watchRedisSettings(client, (line) => lines.push(line));
      expect(verdict?.settings).toEqual({ maxmemoryPolicy: "noeviction", appendonly: true });
      expect(lines).toEqual([]);
      expect(await client.config("GET", "appendfsync")).toEqual(["appendfsync", "everysec"]);
      expect(await client.config("GET", "protected-mode")).toEqual(["protected-mode", "yes"]);
      const [, maxmemory] = (await client.config("GET", "maxmemory")) as string[];
      expect(Number(maxmemory)).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it("sentinel.conf, with the primary's address put in, watches the group named masthead", async () => {
    const primary = await startRedisNode({ configFile: path.join(ROOT, "deploy/redis/redis.conf") });
    nodes.push(primary);
    const dir = mkdtempSync(path.join(tmpdir(), "masthead-sentinel-"));
    folders.push(dir);
    const port = await freePort();
    const file = path.join(dir, "sentinel.conf");
    writeFileSync(
      file,
      readFileSync(path.join(ROOT, "deploy/redis/sentinel.conf"), "utf8")
        .replace(
          "sentinel monitor masthead 10.0.0.5 6379 2",
          `sentinel monitor masthead 127.0.0.1 ${primary.port} 2`,
        )
        .replace("port 26379", `port ${port}`)
        .replace("dir /var/lib/redis-sentinel", `dir ${dir}`),
    );
    const sentinel = spawn(process.env.REDIS_SERVER_BIN || "redis-server", [file, "--sentinel"], {
      stdio: "ignore",
    });
    try {
      await waitForPong(port, 10_000);
      expect(await oneShot(port, (c) => c.call("SENTINEL", "get-master-addr-by-name", "masthead"))).toEqual([
        "127.0.0.1",
        String(primary.port),
      ]);
    } finally {
      await stopProcess(sentinel, 2_000);
    }
  });
});
