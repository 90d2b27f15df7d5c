import { requireSupportedNode } from "../config/node-runtime";
import { env } from "../config/env";
import { log } from "../observability/log.mjs";
import { redisConnection } from "../state";
import { firstConnectionAttempt } from "../state/redis-fail-fast.mjs";
import { startupRedisRefusal } from "../state/redis-settings";
import { delivery } from "./index";

// `npm run worker`: the delivery worker alone, for web processes run with DELIVERY_WORKER=off.

async function main(): Promise<void> {
  requireSupportedNode();
  const config = env();
  const refusal = await startupRedisRefusal();
  if (refusal) throw new Error(refusal);
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
  let stopping: Promise<void> | undefined;
  const stop = () => void (stopping ??= store.close().then(() => process.exit(0)));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  log("delivery").fatal(`worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
