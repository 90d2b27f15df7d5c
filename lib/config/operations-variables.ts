import { z } from "zod";
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from "./defaults.mjs";
import { parseSentinelList } from "./redis-target.mjs";
import { Refusal, addProblem, oneOf, variable } from "./variable";

// How an instance runs among others (docs/operations.md). Values that carry a password are never echoed.

/** N proxies that each append an address; "true" (MAX_SAFE_INTEGER): a proxy that overwrites it. */
export const trustProxy = variable(
  "unset it when nothing sits in front of Masthead; set it to the number of proxies that append to X-Forwarded-For, or to true when your platform overwrites that header.",
  (raw) => {
    if (raw === undefined || /^(false|no|off)$/i.test(raw)) return 0;
    if (/^(true|yes|on)$/i.test(raw)) return Number.MAX_SAFE_INTEGER;
    const hops = z.coerce.number().int().min(0).max(10).safeParse(raw);
    return hops.success
      ? hops.data
      : new Refusal(`"${raw}" is not true, false or a number of proxies from 0 to 10.`);
  },
);

const redisSecret = variable("set it to the password, or unset it.", (raw) => raw ?? null);

/** In the order their problems are reported. */
export const redisVariables = {
  REDIS_URL: variable(
    "set it to redis://[:password@]host[:port][/db] (rediss:// for TLS), e.g. redis://:secret@10.0.0.5:6379/0, or unset it to keep the state of one instance in memory.",
    (raw): string | null | Refusal => {
      if (raw === undefined) return null;
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:"))
        return new Refusal("is not a redis:// or rediss:// URL.");
      if (!url.hostname) return new Refusal("names no host.");
      const db = url.pathname.replace(/^\/+/, "");
      if (db !== "" && !/^([0-9]|1[0-5])$/.test(db))
        return new Refusal(`names database "${db.slice(0, 20)}"; Redis databases are numbered 0 to 15.`);
      return raw;
    },
  ),
  REDIS_SENTINELS: variable(
    "set it to the Sentinels' addresses, comma-separated host:port (e.g. 10.0.0.5:26379,10.0.0.6:26379,10.0.0.7:26379), or unset it.",
    (raw) => {
      if (raw === undefined) return null;
      const parsed = parseSentinelList(raw);
      return "sentinels" in parsed ? parsed.sentinels : new Refusal(parsed.problem);
    },
  ),
  REDIS_SENTINEL_NAME: variable(
    "set it to the name your Sentinels monitor (the <name> of `sentinel monitor <name> host port quorum`), e.g. masthead.",
    (raw) => {
      if (raw === undefined) return null;
      return /^[\x21-\x7e]{1,100}$/.test(raw)
        ? raw
        : new Refusal("contains spaces or characters a master group name cannot have.");
    },
  ),
  REDIS_SENTINEL_PASSWORD: redisSecret,
  REDIS_PASSWORD: redisSecret,
};

type RedisVariables = z.output<z.ZodObject<typeof redisVariables>>;

export function checkRedisVariables(v: RedisVariables, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof RedisVariables, message: string, fix: string) =>
    addProblem(ctx, [variable], message, fix);
  if (v.REDIS_URL && v.REDIS_SENTINELS) {
    problem(
      "REDIS_SENTINELS",
      "is set together with REDIS_URL; Masthead connects to one Redis or to a Sentinel group, not both.",
      "keep REDIS_URL for one Redis, or unset REDIS_URL and keep REDIS_SENTINELS and REDIS_SENTINEL_NAME for failover.",
    );
    return;
  }
  if (v.REDIS_SENTINELS && !v.REDIS_SENTINEL_NAME)
    problem(
      "REDIS_SENTINEL_NAME",
      "is not set, and REDIS_SENTINELS needs it.",
      "set it to the name your Sentinels monitor (the <name> of `sentinel monitor <name> host port quorum`).",
    );
  if (v.REDIS_SENTINELS) return;
  const sentinelOnly = ["REDIS_SENTINEL_NAME", "REDIS_SENTINEL_PASSWORD", "REDIS_PASSWORD"] as const;
  for (const name of sentinelOnly) {
    if (!v[name]) continue;
    problem(
      name,
      "is set without REDIS_SENTINELS, so nothing reads it.",
      v.REDIS_URL && name === "REDIS_PASSWORD"
        ? "put the password in REDIS_URL (redis://:password@host:port) and unset REDIS_PASSWORD."
        : "set REDIS_SENTINELS as well, or unset it.",
    );
  }
}

export const deliveryWorker = oneOf(
  "unset it (each server process delivers stored signups), or set it to off when `npm run worker` runs separately.",
  true,
  { "on|true|yes|in-process": true, "off|false|no|external": false },
);

export const metricsToken = variable(
  "set it to a random string of at least 32 characters (e.g. the output of `openssl rand -hex 32`) and give the same value to your Prometheus scrape job, or unset it to turn GET /api/metrics off.",
  (token): string | null | Refusal => {
    if (token === undefined) return null;
    if (token.length < 32) return new Refusal(`is ${token.length} characters; at least 32 are needed.`);
    if (!/^[\x21-\x7e]+$/.test(token))
      return new Refusal("contains spaces or characters an Authorization header cannot carry.");
    return token;
  },
);

export const logLevel = variable(
  `set it to one of ${LOG_LEVELS.join(", ")}, or unset it for ${DEFAULT_LOG_LEVEL}.`,
  (raw): LogLevel | Refusal => {
    if (raw === undefined) return DEFAULT_LOG_LEVEL;
    const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
    return level ?? new Refusal(`"${raw.slice(0, 20)}" is not a log level.`);
  },
);
