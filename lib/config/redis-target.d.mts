/** A Sentinel group: Masthead connects to whichever server the Sentinels name as its primary. */
export type SentinelTarget = {
  sentinels: { host: string; port: number }[];
  name: string;
  sentinelPassword?: string;
  password?: string;
};
export type RedisTarget = string | SentinelTarget;

export function parseSentinelList(
  raw: string,
): { sentinels: { host: string; port: number }[] } | { problem: string };
export function redisTargetFromVars(vars: Record<string, string | undefined>): RedisTarget | null;
