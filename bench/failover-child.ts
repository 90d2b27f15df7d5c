import { startLocalWorkspaceServer } from "../lib/local-workspace";
import { failoverRound, type RoundResult } from "../tests/helpers/failover-rounds";
import { redisInstance } from "../tests/helpers/redis-delivery";
import { startSentinelGroup } from "../tests/helpers/redis-group";
import { until } from "../tests/helpers/until";
import { log } from "./lib";

/*
 * The failover bench's rounds, run in a child started with the react-server condition (the
 * newsletter handler is a server-only module): a Sentinel group (primary, replica, three
 * Sentinels), two instances, and ROUNDS rounds of tests/helpers/failover-rounds.ts. Prints one
 * JSON line on stdout.
 */

const ROUNDS = Number(process.env.BENCH_FAILOVER_ROUNDS ?? 10);

async function main() {
  const ws = await startLocalWorkspaceServer({ port: 0, dataDir: ":memory:", log: () => {} });
  process.env.LOCAL_WORKSPACE_PORT = String(ws.port);
  const group = await startSentinelGroup();
  const logs: string[] = [];
  const target = { sentinels: group.sentinels, name: group.name };
  const instances = [0, 1].map(() => redisInstance({ target, workspaceUrl: ws.url, logs }));
  const rounds: RoundResult[] = [];
  try {
    await until(() => instances.every((i) => i.engine.connection("delivery")!.status === "ready"), {
      what: "the instances' connections",
      timeoutMs: 10_000,
    });
    for (let r = 1; r <= ROUNDS; r++) {
      rounds.push(await failoverRound(group, instances, ws.url, `bench${r}`));
      log(`failover round ${r}/${ROUNDS}: ${JSON.stringify(rounds.at(-1))}`);
    }
  } finally {
    await ws.close().catch(() => undefined);
    for (const i of instances) await i.close().catch(() => undefined);
    await group.stop();
  }
  process.stdout.write(JSON.stringify({ rounds }) + "\n");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failover bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
