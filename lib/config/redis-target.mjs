import { envValue } from "./defaults.mjs";

// Plain JavaScript because Next's cache handler loads it as it is; values passed the schema.

export function parseSentinelList(raw) {
  const sentinels = [];
  for (const entry of raw.split(",").map((part) => part.trim())) {
    if (entry === "") return { problem: "has an empty entry (two commas in a row, or a trailing comma)." };
    // [v6::addr]:port or host:port
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/@]+)):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[3]) : NaN;
    if (!match || port < 1 || port > 65_535)
      return { problem: `has "${entry.slice(0, 60)}", which is not host:port (a port from 1 to 65535).` };
    sentinels.push({ host: match[1] ?? match[2], port });
  }
  return { sentinels };
}

export function redisTargetFromVars(vars) {
  const url = envValue(vars, "REDIS_URL");
  if (url) return url;
  const list = envValue(vars, "REDIS_SENTINELS");
  if (!list) return null;
  const parsed = parseSentinelList(list);
  if (!("sentinels" in parsed)) return null;
  return {
    sentinels: parsed.sentinels,
    name: envValue(vars, "REDIS_SENTINEL_NAME") ?? "",
    sentinelPassword: envValue(vars, "REDIS_SENTINEL_PASSWORD"),
    password: envValue(vars, "REDIS_PASSWORD"),
  };
}
