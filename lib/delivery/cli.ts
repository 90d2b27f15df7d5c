import { requireSupportedNode } from "../config/node-runtime";
import { env } from "../config/env";
import { log } from "../observability/log.mjs";
import { redisConnection } from "../state";
import { firstConnectionAttempt } from "../state/redis-fail-fast.mjs";
import { watchRedisSettings } from "../state/redis-settings";
import { logLine } from "../observability/log.mjs";
import { delivery } from "./index";

/*
 * `npm run worker`: the delivery worker alone, for hosts where a web process cannot keep one
 * running (serverless functions, or web processes that should only serve). Set
 * DELIVERY_WORKER=off on the web processes then; with REDIS_URL any number of these may run.
 */

async function main(): Promise<void> {
  requireSupportedNode();
  const config = env();
  const redis = redisConnection();
  if (redis) {
    await firstConnectionAttempt(redis);
    const verdict = await watchRedisSettings(redis, logLine("state"));
    if (verdict?.refusal) throw new Error(verdict.refusal);
  }
  const store = delivery();
  const queueConnection = redisConnection("delivery");
  if (queueConnection) await firstConnectionAttempt(queueConnection);
  // Unknown (not 0) when the store cannot be read now: the worker starts all the same.
  const counts = await store.overview().catch(() => undefined);
  store.start({ worker: true });
  log("delivery").info(
    {
      store: store.engine === "redis" ? "Redis queue" : `SQLite at ${config.delivery.storePath}`,
      ratePerSecond: config.delivery.ratePerSecond,
      pending: counts?.waiting,
      failed: counts?.failedTotal,
    },
    "worker running",
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  log("delivery").fatal(`worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
