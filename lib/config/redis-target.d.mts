/** A Sentinel group: Masthead connects to whichever server the Sentinels name as its primary. */
export type SentinelTarget = {
  sentinels: { host: string; port: number }[];
  /** The master group name the Sentinels monitor (REDIS_SENTINEL_NAME). */
  name: string;
  sentinelPassword?: string;
  /** The data servers' password (REDIS_PASSWORD). */
  password?: string;
};
/** A redis:// or rediss:// URL (REDIS_URL), or a Sentinel group. */
export type RedisTarget = string | SentinelTarget;

export function parseSentinelList(
  raw: string,
): { sentinels: { host: string; port: number }[] } | { problem: string };
export function redisTargetFromVars(vars: Record<string, string | undefined>): RedisTarget | null;
