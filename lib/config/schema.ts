import { z } from "zod";
import { adminAccess, checkSecondFactor } from "./admin-access";
import { LOCAL_DEMO_API_KEY, envValue, isLocalMode } from "./defaults.mjs";
import { imageHosts, type ImageHost } from "./image-hosts.mjs";
import {
  checkRedisVariables,
  deliveryWorker,
  logLevel,
  metricsToken,
  redisVariables,
  trustProxy,
} from "./operations-variables";
import { secrets } from "./secrets";
import { redisTargetFromVars, type RedisTarget } from "./redis-target.mjs";
import { readSiteConfig } from "./site";
import { Refusal, oneOf, variable, wholeNumber } from "./variable";
import { workspaceApiBase, workspaceApiKey } from "./workspace-variables";

// Tests and the bench take the demo's values from here.
export {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_HASH,
  DEMO_ADMIN_PASSWORD,
  DEMO_REVALIDATE_SECRET,
  DEMO_SESSION_SECRET,
} from "./secrets";
export { LOCAL_DEMO_API_KEY };

// Pure and fast (the scrypt check is in startup.ts); each problem names its variable and a fix.

/** `key`: the setting inside a variable's file (SITE_CONFIG), e.g. "navigation[2].href". */
export type ConfigProblem = { variable: string; key?: string; problem: string; fix: string };

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      "Masthead cannot start: the configuration is invalid.\n" +
        problems
          .map((p) => `  - ${p.variable}${p.key ? ` (${p.key})` : ""}: ${p.problem} Fix: ${p.fix}`)
          .join("\n"),
    );
    this.name = "ConfigError";
  }
}

type Vars = Record<string, string | undefined>;

// The order of the keys is the order in which problems are reported.
const ports = { PORT: wholeNumber("PORT"), LOCAL_WORKSPACE_PORT: wholeNumber("LOCAL_WORKSPACE_PORT") };
const rest = {
  // Unset: the local workspace's article pages in local mode (the demo), none otherwise; "off": none.
  BLOG_POST_URL_TEMPLATE: variable(
    "set it like https://blog.example.org/{slug}, to off for no full-article links, or unset it.",
    (template): string | null | undefined | Refusal => {
      if (template === undefined) return undefined;
      if (/^off$/i.test(template)) return null;
      return template.includes("{slug}") && URL.canParse(template.replace("{slug}", "x"))
        ? template
        : new Refusal(`"${template}" must be an absolute URL containing {slug}, or off.`);
    },
  ),
  WORKSPACE_TIMEOUT_MS: wholeNumber("WORKSPACE_TIMEOUT_MS"),
  WORKSPACE_MAX_RETRIES: wholeNumber("WORKSPACE_MAX_RETRIES"),
  BLOG_REVALIDATE_SECONDS: wholeNumber("BLOG_REVALIDATE_SECONDS"),
  BLOG_PRERENDER_LIMIT: wholeNumber("BLOG_PRERENDER_LIMIT"),
  FEED_ITEMS: wholeNumber("FEED_ITEMS"),
  TRUST_PROXY: trustProxy,
  ...redisVariables,
  DELIVERY_STORE_PATH: z.string().default("data/newsletter-delivery.sqlite"),
  ADMIN_PASSKEY_STORE_PATH: z.string().default("data/admin-passkeys.sqlite"),
  DELIVERY_RATE_PER_SECOND: wholeNumber("DELIVERY_RATE_PER_SECOND"),
  DELIVERY_DIRECT_TIMEOUT_MS: wholeNumber("DELIVERY_DIRECT_TIMEOUT_MS"),
  DELIVERY_MAX_AGE_HOURS: wholeNumber("DELIVERY_MAX_AGE_HOURS"),
  DELIVERY_MAX_PENDING: wholeNumber("DELIVERY_MAX_PENDING"),
  DELIVERY_WORKER: deliveryWorker,
  // next.config.mjs reads these three; checked here so a typo stops the start.
  IMAGE_CACHE_MAX_MB: wholeNumber("IMAGE_CACHE_MAX_MB"),
  IMAGE_QUERY_STRINGS: oneOf(
    "unset it (image URLs may not carry a query string), or set it to allow when your image host needs one (signed URLs).",
    false,
    { allow: true, "refuse|none|off": false },
  ),
  IMAGE_ALLOW_PRIVATE_HOSTS: oneOf(
    "unset it (image hosts must be on public addresses), or set it to 1 when your image hosts are on a private network.",
    false,
    { "1|true|yes|on": true, "0|false|no|off": false },
  ),
  METRICS_TOKEN: metricsToken,
  LOG_LEVEL: logLevel,
  SHUTDOWN_GRACE_SECONDS: wholeNumber("SHUTDOWN_GRACE_SECONDS"),
  SITE_CONFIG: z
    .custom<{ file: string | undefined; hosts: ImageHost[] }>()
    .transform(({ file, hosts }, ctx) => {
      const { site, problems } = readSiteConfig(file, hosts);
      for (const p of problems)
        ctx.addIssue({ code: "custom", message: p.problem, params: { fix: p.fix, key: p.key } });
      return site ?? z.NEVER;
    }),
  imageHosts: z.custom<ImageHost[]>(),
  redis: z.custom<RedisTarget | null>(),
};

const localVariables = z.object({
  mode: z.literal("local"),
  ...ports,
  LOCAL_WORKSPACE_API_KEY: z.string().default(LOCAL_DEMO_API_KEY),
  ...secrets("local"),
  ...adminAccess,
  ...rest,
});

const remoteVariables = z.object({
  mode: z.literal("remote"),
  ...ports,
  WORKSPACE_URL: workspaceApiBase,
  WORKSPACE_API_KEY: workspaceApiKey,
  ...secrets("remote"),
  ...adminAccess,
  ...rest,
});

export const CONFIG_VARIABLES = Object.keys(remoteVariables.shape);

export const envSchema = z
  .preprocess(
    // Read as defaults.mjs reads them, plus what is derived from several, as next.config.mjs derives it.
    (input) => {
      const vars = input as Vars;
      const values = Object.fromEntries(Object.keys(vars).map((name) => [name, envValue(vars, name)]));
      const hosts = imageHosts(vars);
      return {
        ...values,
        mode: isLocalMode(vars) ? "local" : "remote",
        SITE_CONFIG: { file: values.SITE_CONFIG, hosts },
        imageHosts: hosts,
        redis: redisTargetFromVars(vars),
      };
    },
    z
      .discriminatedUnion("mode", [localVariables, remoteVariables])
      .superRefine(checkSecondFactor)
      .superRefine(checkRedisVariables),
  )
  .transform((v) => ({
    mode: v.mode,
    workspace: {
      /** e.g. https://acme.example.net/api/external */
      apiBase:
        v.mode === "local" ? `http://127.0.0.1:${v.LOCAL_WORKSPACE_PORT}/api/external` : v.WORKSPACE_URL,
      apiKey: v.mode === "local" ? v.LOCAL_WORKSPACE_API_KEY : v.WORKSPACE_API_KEY,
      timeoutMs: v.WORKSPACE_TIMEOUT_MS,
      maxRetries: v.WORKSPACE_MAX_RETRIES,
    },
    port: v.PORT,
    /** Absolute, no trailing slash. */
    siteUrl: v.SITE_URL ?? `http://localhost:${v.PORT}`,
    sessionSecret: v.SESSION_SECRET,
    adminUsers: v.ADMIN_USERS,
    adminAccess: {
      /** Case-sensitive workspace roles whose active members listed in ADMIN_USERS may use /admin. */
      roles: v.ADMIN_ROLES,
      recheckSeconds: v.ADMIN_RECHECK_SECONDS,
      /** email → base32 TOTP secret. */
      totpSecrets: v.ADMIN_TOTP,
      /** email → hashes of recovery codes. */
      recoveryCodes: v.ADMIN_RECOVERY_CODES,
      twoFactor: v.ADMIN_TWO_FACTOR,
    },
    /** Unused when REDIS_URL keeps passkeys in Redis. */
    adminPasskeyStorePath: v.ADMIN_PASSKEY_STORE_PATH,
    /** null disables POST /api/revalidate. */
    revalidateSecret: v.REVALIDATE_SECRET,
    blog: {
      postUrlTemplate:
        v.BLOG_POST_URL_TEMPLATE !== undefined
          ? v.BLOG_POST_URL_TEMPLATE
          : v.mode === "local"
            ? `http://localhost:${v.LOCAL_WORKSPACE_PORT}/__local/articles/{slug}`
            : null,
      revalidateSeconds: v.BLOG_REVALIDATE_SECONDS,
      prerenderLimit: v.BLOG_PRERENDER_LIMIT,
      feedItems: v.FEED_ITEMS,
    },
    localWorkspace: v.mode === "local" ? { port: v.LOCAL_WORKSPACE_PORT } : null,
    imageHosts: v.imageHosts,
    trustProxy: v.TRUST_PROXY,
    /** null: one instance, state in memory; set: instances share state through this Redis or Sentinel group. */
    redis: v.redis,
    delivery: {
      /** The embedded store's SQLite file (unused with REDIS_URL). */
      storePath: v.DELIVERY_STORE_PATH,
      ratePerSecond: v.DELIVERY_RATE_PER_SECOND,
      /** How long the route's answer waits for the worker to deliver the signup. */
      directTimeoutMs: v.DELIVERY_DIRECT_TIMEOUT_MS,
      maxAgeHours: v.DELIVERY_MAX_AGE_HOURS,
      /** Beyond this the store refuses more (503): a bound on disk use. */
      maxPending: v.DELIVERY_MAX_PENDING,
      inProcessWorker: v.DELIVERY_WORKER,
    },
    metricsToken: v.METRICS_TOKEN,
    /** Read by the logger itself; validated here so a typo is refused at start-up. */
    logLevel: v.LOG_LEVEL,
    shutdownGraceSeconds: v.SHUTDOWN_GRACE_SECONDS,
    site: v.SITE_CONFIG,
  }));

export type AppConfig = z.output<typeof envSchema>;

export function checkEnv(
  vars: Vars,
): { config: AppConfig; problems: [] } | { config: undefined; problems: ConfigProblem[] } {
  const parsed = envSchema.safeParse(vars);
  if (parsed.success) return { config: parsed.data, problems: [] };
  return {
    config: undefined,
    problems: parsed.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? "environment"),
      ...(issue.code === "custom" && issue.params?.key ? { key: String(issue.params.key) } : {}),
      problem: issue.message,
      fix: issue.code === "custom" ? String(issue.params?.fix) : "set it to a text value.",
    })),
  };
}
