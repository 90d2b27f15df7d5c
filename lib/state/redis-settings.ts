import type { Redis } from "ioredis";
import { metrics, reportGauge } from "../observability/metrics";
import { isReady } from "./redis-fail-fast.mjs";

/*
 * The two Redis settings the queued signups depend on, read from the server itself:
 *  - maxmemory-policy must be noeviction: any other policy lets a full Redis delete queued
 *    signups (and BullMQ's own keys) without telling anyone, so an instance refuses to start;
 *  - appendonly should be yes: without the AOF, a Redis restart loses every signup written
 *    since its last snapshot, so an instance warns.
 * Hosted plans often refuse CONFIG GET; INFO carries both readings there. Each reading is also
 * exported (masthead_redis_noeviction, masthead_redis_aof_enabled) for the alert rules.
 */

export type RedisSettings = {
  /** e.g. "noeviction", "allkeys-lru"; null when the server would not say. */
  maxmemoryPolicy: string | null;
  /** Whether the AOF is on; null when the server would not say. */
  appendonly: boolean | null;
};

export type SettingsVerdict = {
  settings: RedisSettings;
  /** Why the instance must not run against this Redis (maxmemory-policy), or null. */
  refusal: string | null;
  /** What the operator should fix but need not stop for (appendonly), or null. */
  warning: string | null;
};

/** CONFIG GET where allowed, else INFO (hosted plans rename or forbid CONFIG). */
export async function readRedisSettings(client: Redis): Promise<RedisSettings> {
  const fromConfig = await configGet(client, "maxmemory-policy", "appendonly");
  const policy = fromConfig?.["maxmemory-policy"];
  const aof = fromConfig?.appendonly;
  const info = policy === undefined || aof === undefined ? await infoFields(client) : {};
  const aofEnabled = aof ?? (info.aof_enabled === undefined ? undefined : info.aof_enabled === "1");
  return {
    maxmemoryPolicy: policy ?? info.maxmemory_policy ?? null,
    appendonly: typeof aofEnabled === "string" ? aofEnabled === "yes" : (aofEnabled ?? null),
  };
}

async function configGet(client: Redis, ...names: string[]): Promise<Record<string, string> | null> {
  try {
    const reply = (await client.call("CONFIG", "GET", ...names)) as string[];
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < reply.length; i += 2) out[reply[i]!] = reply[i + 1]!;
    return out;
  } catch {
    return null;
  }
}

async function infoFields(client: Redis): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const section of ["memory", "persistence"]) {
    try {
      for (const line of (await client.info(section)).split(/\r?\n/)) {
        const at = line.indexOf(":");
        if (at > 0) out[line.slice(0, at)] = line.slice(at + 1).trim();
      }
    } catch {
      // an unreadable section leaves its reading unknown
    }
  }
  return out;
}

export function judgeRedisSettings(settings: RedisSettings): SettingsVerdict {
  const { maxmemoryPolicy, appendonly } = settings;
  const refusal =
    maxmemoryPolicy === null
      ? null
      : maxmemoryPolicy === "noeviction"
        ? null
        : `Redis's maxmemory-policy is ${maxmemoryPolicy}: when memory is full, Redis would delete queued signups. Set maxmemory-policy noeviction (redis.conf, CONFIG SET, or your provider's settings).`;
  const warning =
    appendonly === false
      ? "Redis's appendonly is no: a Redis restart would lose every queued signup since its last snapshot. Set appendonly yes and appendfsync everysec."
      : null;
  return { settings, refusal, warning };
}

function report(settings: RedisSettings): void {
  const m = metrics();
  if (settings.maxmemoryPolicy !== null)
    reportGauge(m.redisNoeviction, settings.maxmemoryPolicy === "noeviction" ? 1 : 0);
  if (settings.appendonly !== null) reportGauge(m.redisAofEnabled, settings.appendonly ? 1 : 0);
}

/**
 * Reads the settings now (when the client is connected) and again on every new connection (a
 * failover lands on another server, whose settings may differ): each reading is exported and
 * logged when wrong. Resolves with the first reading's verdict, or null when Redis could not
 * be reached to read it (the next connection reads it then).
 */
export async function watchRedisSettings(
  client: Redis,
  log: (line: string, level?: "debug" | "info" | "warn" | "error") => void,
): Promise<SettingsVerdict | null> {
  let last = "";
  const check = async (): Promise<SettingsVerdict | null> => {
    if (!isReady(client)) return null;
    const verdict = judgeRedisSettings(await readRedisSettings(client));
    report(verdict.settings);
    const said = `${verdict.refusal}|${verdict.warning}`;
    if (said !== last) {
      // Once per change, not on every reconnection.
      if (verdict.refusal) log(verdict.refusal, "error");
      if (verdict.warning) log(verdict.warning, "warn");
      if (verdict.settings.maxmemoryPolicy === null)
        log(
          "Redis did not tell its maxmemory-policy (CONFIG GET and INFO refused); it could not be checked.",
          "warn",
        );
      last = said;
    }
    return verdict;
  };
  client.on("ready", () => void check().catch(() => undefined));
  return check().catch(() => null);
}
