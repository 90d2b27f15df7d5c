import type { Redis } from "ioredis";
import { logLine } from "../observability/log.mjs";
import { metrics, reportGauge } from "../observability/metrics";
import { redisConnection } from "./index";
import { firstConnectionAttempt, isReady } from "./redis-fail-fast.mjs";

// Read from INFO, as hosted plans often refuse CONFIG.

/** Checks now and on every new connection (a failover lands on another server): the first verdict, or null when unreachable. */
export async function watchRedisSettings(
  client: Redis,
  log: (line: string, level?: "debug" | "info" | "warn" | "error") => void,
) {
  let last = "";
  const check = async () => {
    if (!isReady(client)) return null;
    const info: Record<string, string> = {};
    for (const section of ["memory", "persistence"]) {
      try {
        for (const line of (await client.info(section)).split(/\r?\n/)) {
          const at = line.indexOf(":");
          if (at > 0) info[line.slice(0, at)] = line.slice(at + 1).trim();
        }
      } catch {
        // an unreadable section leaves its reading unknown (null)
      }
    }
    const policy = info.maxmemory_policy ?? null;
    const appendonly = info.aof_enabled === undefined ? null : info.aof_enabled === "1";
    const m = metrics();
    if (policy !== null) reportGauge(m.redisNoeviction, policy === "noeviction" ? 1 : 0);
    if (appendonly !== null) reportGauge(m.redisAofEnabled, appendonly ? 1 : 0);
    const refusal =
      policy === null || policy === "noeviction"
        ? null
        : `Redis's maxmemory-policy is ${policy}: when memory is full, Redis would delete queued signups. Set maxmemory-policy noeviction (redis.conf, CONFIG SET, or your provider's settings).`;
    const warning =
      appendonly === false
        ? "Redis's appendonly is no: a Redis restart would lose every queued signup since its last snapshot. Set appendonly yes and appendfsync everysec."
        : null;
    if (`${refusal}|${warning}` !== last) {
      if (refusal) log(refusal, "error");
      if (warning) log(warning, "warn");
      if (policy === null)
        log("Redis did not tell its maxmemory-policy (INFO refused it); it could not be checked.", "warn");
      last = `${refusal}|${warning}`;
    }
    return { settings: { maxmemoryPolicy: policy, appendonly }, refusal, warning };
  };
  client.on("ready", () => void check().catch(() => undefined));
  return check().catch(() => null);
}

/** At start (a server's, the worker's): why this process must not run against its Redis, or null; watched from then on. */
export async function startupRedisRefusal(): Promise<string | null> {
  const client = redisConnection();
  if (!client) return null;
  await firstConnectionAttempt(client);
  return (await watchRedisSettings(client, logLine("state")))?.refusal ?? null;
}
