import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { RedisSignupStore, REPLICA_CONFIRM_TIMEOUT_MS as WAIT_TIMEOUT_MS } from "../lib/delivery/redis-queue";
import { SqliteSignupStore } from "../lib/delivery/sqlite-store";
import type { SignupStore } from "../lib/delivery/types";
import { startRedisNode, type RedisNode } from "../tests/helpers/redis-group";
import { until } from "../tests/helpers/until";
import { log } from "./lib";
import { fmtMs, section, type Table, type Target } from "./section";

/*
 * What durable acceptance costs a signup (section "durable-signup"): the store's accept as a
 * route makes it, on a primary with one replica (both with the append-only file, as
 * deploy/redis/redis.conf), three ways in interleaved rounds:
 *  - primary only: queued on the primary's word (REDIS_URL, one server);
 *  - replica confirmed: the same, then WAIT 1 on a connection of its own (REDIS_SENTINELS);
 *  - own file: the instance's SQLite file, fsynced (the outbox, where a signup waits until a replica confirms).
 * p50 and p99 of each, and what the confirmation adds. Loopback: a replica across a network
 * adds its round trip.
 */

const ROUNDS = 5;
const PER_ROUND = 200;

type Way = "primary only" | "replica confirmed" | "own file";
type Result = { samples: Record<Way, number[]>; note: string };

function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function client(node: RedisNode, name: string): Redis {
  const c = new Redis(node.url, { connectionName: name, maxRetriesPerRequest: 1 });
  c.on("error", () => {});
  return c;
}

export const durableSignup = section({
  name: "durable-signup",
  needs: "none",
  async run(): Promise<Result> {
    const primary = await startRedisNode();
    const replica = await startRedisNode({ args: ["--replicaof", "127.0.0.1", String(primary.port)] });
    const dir = mkdtempSync(path.join(os.tmpdir(), "masthead-bench-durable-"));
    const clients: Redis[] = [];
    try {
      await until(
        async () => {
          const c = client(primary, "probe");
          const info = await c.info("replication").finally(() => c.disconnect());
          return /state=online/.test(info);
        },
        { what: "the replica to sync", timeoutMs: 15_000, intervalMs: 100 },
      );
      const make = (confirmWith?: Redis) => {
        const commands = client(primary, "bench");
        clients.push(commands);
        return new RedisSignupStore({
          connection: commands,
          workerConnection: () => commands,
          confirmWith,
          outbox: new SqliteSignupStore({
            file: path.join(dir, `outbox-${clients.length}.sqlite`),
            maxPending: 1e6,
          }),
          maxPending: 1_000_000,
          maxAgeMs: 72 * 3600_000,
          ratePerSecond: 10,
          attempt: async () => ({ kind: "delivered" }),
          pause: () => 0,
          log: () => {},
        });
      };
      const confirmConnection = client(primary, "bench-confirm");
      clients.push(confirmConnection);
      const stores: Record<Way, SignupStore> = {
        "primary only": make(),
        "replica confirmed": make(confirmConnection),
        "own file": new SqliteSignupStore({ file: path.join(dir, "signups.sqlite"), maxPending: 1_000_000 }),
      };
      await until(() => clients.every((c) => c.status === "ready"), { what: "the bench's connections" });
      const samples: Record<Way, number[]> = { "primary only": [], "replica confirmed": [], "own file": [] };
      let n = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const way of Object.keys(stores) as Way[]) {
          for (let i = 0; i < PER_ROUND; i++) {
            const email = `bench-${++n}@example.com`;
            const t0 = performance.now();
            await stores[way].accept(email);
            samples[way].push(performance.now() - t0);
          }
        }
        log(`durable-signup: round ${round + 1}/${ROUNDS}`);
      }
      await Promise.all(Object.values(stores).map((s) => s.close().catch(() => undefined)));
      return {
        samples,
        note: `${ROUNDS} interleaved rounds of ${PER_ROUND} enqueues each; loopback, primary and replica with appendfsync everysec`,
      };
    } finally {
      for (const c of clients) c.disconnect();
      await replica.stop();
      await primary.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  targets(r): Target[] {
    const added = quantile(r.samples["replica confirmed"], 0.5) - quantile(r.samples["primary only"], 0.5);
    return [
      {
        name: "durable acceptance: WAIT 1 adds to a queued signup (p50)",
        value: fmtMs(added),
        target: `< ${WAIT_TIMEOUT_MS} ms (the WAIT timeout)`,
        pass: added < WAIT_TIMEOUT_MS,
      },
    ];
  },
  tables(r): Table[] {
    return [
      {
        header: ["enqueue", "p50", "p99", "max", "signups"],
        rows: (Object.keys(r.samples) as Way[]).map((way) => [
          way,
          fmtMs(quantile(r.samples[way], 0.5)),
          fmtMs(quantile(r.samples[way], 0.99)),
          fmtMs(Math.max(...r.samples[way])),
          String(r.samples[way].length),
        ]),
      },
    ];
  },
});
