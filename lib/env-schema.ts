import { z } from "zod";
import { PASSWORD_HASH_PATTERN, verifyPasswordSync } from "./admin/password";
import { imageHosts, type ImageHost } from "./image-hosts.mjs";
import { LOCAL_DEMO_API_KEY } from "./local-workspace/keys";

/*
 * The configuration schema, as a pure function of a variables object so that the
 * launcher (which cannot import server-only modules) and the tests share it.
 * The app itself reads it only through lib/env.ts.
 */

// The local workspace's own constant, so the app's default key and the seeded key cannot drift apart.
export { LOCAL_DEMO_API_KEY };
export const DEMO_SESSION_SECRET = "masthead-local-demo-session-secret-do-not-use";
export const DEMO_REVALIDATE_SECRET = "masthead-local-demo-revalidate-secret";
export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_ADMIN_PASSWORD = "masthead-demo";
// scrypt hash of DEMO_ADMIN_PASSWORD (fixed salt so the default is reproducible).
export const DEMO_ADMIN_HASH =
  "scrypt:6d617374686561642d64656d6f2d3031:5a1e637d1841ada02ed67b6092f7647d3f9778ebc983f6d0ab179625f69a6cb96564d7c349ca088227b178e75e9492d5c80971c3aa576bb427dfded65bb4be4b";
export const DEFAULT_LOCAL_WORKSPACE_PORT = 4010;

/** Subdomains copied from documentation samples; the service answers 401 for them (lib/local-workspace/README.md, API decision 8). */
const SAMPLE_SUBDOMAINS = new Set([
  "workspace_subdomain",
  "workspace-subdomain",
  "your-subdomain",
  "your_subdomain",
  "yoursubdomain",
  "subdomain",
  "your-workspace",
  "yourworkspace",
  "example",
  "spinkart",
]);

export type AdminUser = { email: string; passwordHash: string };

export type AppConfig = {
  mode: "local" | "remote";
  workspace: {
    /** e.g. https://acme.example.net/api/external — the client appends /v2/... or /v1/... */
    apiBase: string;
    apiKey: string;
    timeoutMs: number;
    maxRetries: number;
  };
  /** Absolute, no trailing slash. */
  siteUrl: string;
  sessionSecret: string;
  adminUsers: AdminUser[];
  /** null disables POST /api/revalidate. */
  revalidateSecret: string | null;
  blog: {
    /** e.g. https://blog.example.org/{slug} */
    postUrlTemplate: string | null;
    revalidateSeconds: number;
    prerenderLimit: number;
  };
  /** Set in local mode: where the launcher runs the local workspace. */
  localWorkspace: { port: number } | null;
  /** Where images may be loaded from (next/image and preview-image covers): lib/image-hosts.mjs. */
  imageHosts: ImageHost[];
  /**
   * TRUST_PROXY: how far to trust X-Forwarded-For when telling clients apart (rate limits).
   * 0 = no proxy is trusted; N = N proxies that each append an address (use the Nth from the
   * right); "true" = Number.MAX_SAFE_INTEGER, a proxy that overwrites it (use the leftmost).
   */
  trustProxy: number;
  /**
   * REDIS_URL: null = one instance, runtime state in memory (lib/state picks the embedded engine);
   * set = every instance shares rate limits, caches and session revocations through this Redis.
   */
  redisUrl: string | null;
  /** Signups kept while the workspace cannot take them (lib/delivery/). */
  delivery: {
    /** SQLite file of the embedded store (unused when REDIS_URL selects the Redis queue). */
    storePath: string;
    /** Most subscribe calls per second to the workspace, route and worker together. */
    ratePerSecond: number;
    /** How long the route waits for the workspace before keeping the signup for later. */
    directTimeoutMs: number;
    /** Signups older than this move to the failed list instead of being retried. */
    maxAgeHours: number;
    /** Pending signups beyond which the store refuses more (503): a bound on disk use. */
    maxPending: number;
    /** false: this process does not run the delivery worker (`npm run worker` does). */
    inProcessWorker: boolean;
  };
};

export const DEFAULT_DELIVERY_STORE_PATH = "data/newsletter-delivery.sqlite";

export type ConfigProblem = { variable: string; problem: string; fix: string };

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      "Masthead cannot start: the configuration is invalid.\n" +
        problems.map((p) => `  - ${p.variable}: ${p.problem} Fix: ${p.fix}`).join("\n"),
    );
    this.name = "ConfigError";
  }
}

type Vars = Record<string, string | undefined>;

const intVar = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Parses ADMIN_USERS: `email=scrypt:salt:hash` entries separated by commas, spaces or newlines. */
export function parseAdminUsers(raw: string): { users: AdminUser[]; errors: string[] } {
  const users: AdminUser[] = [];
  const errors: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const email = (eq > 0 ? entry.slice(0, eq) : entry).trim().toLowerCase();
    const hash = eq > 0 ? entry.slice(eq + 1).trim() : "";
    if (!z.email().safeParse(email).success) errors.push(`"${email}" is not an email address.`);
    else if (!PASSWORD_HASH_PATTERN.test(hash))
      errors.push(`the entry for ${email} has no valid scrypt hash.`);
    else users.push({ email, passwordHash: hash });
  }
  return { users, errors };
}

/** Returns the API base (origin + path prefix + /api/external), or a problem. */
function parseWorkspaceUrl(raw: string): { apiBase: string } | { problem: string } {
  if (/[<>{}]/.test(raw)) {
    return { problem: `"${raw}" still contains a placeholder.` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `"${raw}" is not an absolute URL.` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { problem: `"${raw}" must start with https://.` };
  }
  const subdomain = url.hostname.split(".")[0]?.toLowerCase() ?? "";
  if (SAMPLE_SUBDOMAINS.has(subdomain)) {
    return {
      problem: `"${url.hostname}" uses the sample subdomain "${subdomain}", which the service answers with 401.`,
    };
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/external(\/v[12])?$/, "");
  return { apiBase: `${url.origin}${path}/api/external` };
}

function parseTrustProxy(raw: string | undefined, problems: ConfigProblem[]): number {
  if (raw === undefined || /^(false|no|off)$/i.test(raw)) return 0;
  if (/^(true|yes|on)$/i.test(raw)) return Number.MAX_SAFE_INTEGER;
  const hops = intVar(0, 10).safeParse(raw);
  if (hops.success) return hops.data;
  problems.push({
    variable: "TRUST_PROXY",
    problem: `"${raw}" is not true, false or a number of proxies from 0 to 10.`,
    fix: "unset it when nothing sits in front of Masthead; set it to the number of proxies that append to X-Forwarded-For, or to true when your platform overwrites that header.",
  });
  return 0;
}

/** "redis://user:***@host:6379/0": safe to print, whatever the URL carries. */
export function redactRedisUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unreadable URL)";
  }
}

/**
 * REDIS_URL: redis:// or rediss:// (TLS), a host, an optional port and database number.
 * The value is never echoed back: it usually carries the password.
 */
function parseRedisUrl(raw: string | undefined, problems: ConfigProblem[]): string | null {
  if (raw === undefined) return null;
  const fix =
    "set it to redis://[:password@]host[:port][/db] (rediss:// for TLS), e.g. redis://:secret@10.0.0.5:6379/0, or unset it to keep the state of one instance in memory.";
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:")) {
    problems.push({ variable: "REDIS_URL", problem: "is not a redis:// or rediss:// URL.", fix });
    return null;
  }
  if (!url.hostname) {
    problems.push({ variable: "REDIS_URL", problem: "names no host.", fix });
    return null;
  }
  const db = url.pathname.replace(/^\/+/, "");
  if (db !== "" && !/^([0-9]|1[0-5])$/.test(db)) {
    problems.push({
      variable: "REDIS_URL",
      problem: `names database "${db.slice(0, 20)}"; Redis databases are numbered 0 to 15.`,
      fix,
    });
    return null;
  }
  return raw;
}

function parseWorkerSwitch(raw: string | undefined, problems: ConfigProblem[]): boolean {
  if (raw === undefined || /^(on|true|yes|in-process)$/i.test(raw)) return true;
  if (/^(off|false|no|external)$/i.test(raw)) return false;
  problems.push({
    variable: "DELIVERY_WORKER",
    problem: `"${raw}" is neither on nor off.`,
    fix: "unset it (each server process delivers stored signups), or set it to off when `npm run worker` runs separately.",
  });
  return true;
}

export function parseEnv(vars: Vars): AppConfig {
  const problems: ConfigProblem[] = [];
  const str = (name: string) => {
    const v = vars[name]?.trim();
    return v ? v : undefined;
  };
  const num = (name: string, min: number, max: number, fallback: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const parsed = intVar(min, max).safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push({
      variable: name,
      problem: `"${raw}" is not a whole number from ${min} to ${max}.`,
      fix: `set ${name} to a number from ${min} to ${max}, or unset it for the default (${fallback}).`,
    });
    return fallback;
  };

  const workspaceUrl = str("WORKSPACE_URL");
  const mode: AppConfig["mode"] = workspaceUrl ? "remote" : "local";
  const port = num("PORT", 1, 65535, 3000);
  const localPort = num("LOCAL_WORKSPACE_PORT", 1, 65535, DEFAULT_LOCAL_WORKSPACE_PORT);

  let apiBase = `http://127.0.0.1:${localPort}/api/external`;
  if (workspaceUrl) {
    const parsed = parseWorkspaceUrl(workspaceUrl);
    if ("problem" in parsed) {
      problems.push({
        variable: "WORKSPACE_URL",
        problem: parsed.problem,
        fix: "set it to your workspace's address, e.g. https://<your workspace's real subdomain>.<service host>, as shown in the Admin panel.",
      });
    } else apiBase = parsed.apiBase;
  }

  let apiKey = str("WORKSPACE_API_KEY");
  if (mode === "local") apiKey = str("LOCAL_WORKSPACE_API_KEY") ?? LOCAL_DEMO_API_KEY;
  else if (!apiKey) {
    problems.push({
      variable: "WORKSPACE_API_KEY",
      problem: "is required when WORKSPACE_URL is set.",
      fix: "create a key in your workspace's Admin panel under API keys and set WORKSPACE_API_KEY to it.",
    });
  } else if (apiKey === LOCAL_DEMO_API_KEY || apiKey.length < 16 || /\s/.test(apiKey)) {
    problems.push({
      variable: "WORKSPACE_API_KEY",
      problem: "is the local demo key, too short (under 16 characters) or contains spaces.",
      fix: "copy the full key from your workspace's Admin panel under API keys.",
    });
  }

  let sessionSecret = str("SESSION_SECRET");
  if (!sessionSecret && mode === "local") sessionSecret = DEMO_SESSION_SECRET;
  if (!sessionSecret) {
    problems.push({
      variable: "SESSION_SECRET",
      problem: "is required when WORKSPACE_URL is set.",
      fix: "set it to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 48`.",
    });
  } else if (sessionSecret.length < 32) {
    problems.push({
      variable: "SESSION_SECRET",
      problem: `is ${sessionSecret.length} characters; at least 32 are needed to seal sessions safely.`,
      fix: "set it to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 48`.",
    });
  } else if (mode === "remote" && sessionSecret === DEMO_SESSION_SECRET) {
    problems.push({
      variable: "SESSION_SECRET",
      problem: "is the public demo secret.",
      fix: "set it to your own random string, e.g. the output of `openssl rand -base64 48`.",
    });
  }

  const adminRaw = str("ADMIN_USERS");
  let adminUsers: AdminUser[] = [];
  const adminFix =
    "set ADMIN_USERS to `email=hash` entries separated by commas; print a hash with `npm run hash-password`.";
  if (!adminRaw) {
    if (mode === "local") adminUsers = [{ email: DEMO_ADMIN_EMAIL, passwordHash: DEMO_ADMIN_HASH }];
    else
      problems.push({
        variable: "ADMIN_USERS",
        problem: "is required when WORKSPACE_URL is set.",
        fix: adminFix,
      });
  } else {
    const parsed = parseAdminUsers(adminRaw);
    adminUsers = parsed.users;
    if (parsed.errors.length)
      problems.push({ variable: "ADMIN_USERS", problem: parsed.errors.join(" "), fix: adminFix });
    else if (adminUsers.length === 0)
      problems.push({ variable: "ADMIN_USERS", problem: "lists no admin.", fix: adminFix });
    else if (
      mode === "remote" &&
      adminUsers.some(
        (u) => u.passwordHash === DEMO_ADMIN_HASH || verifyPasswordSync(DEMO_ADMIN_PASSWORD, u.passwordHash),
      )
    ) {
      problems.push({
        variable: "ADMIN_USERS",
        problem: "uses the public demo password.",
        fix: "choose a password of your own and put its hash (from `npm run hash-password`) in ADMIN_USERS.",
      });
    }
  }

  let siteUrl = str("SITE_URL");
  if (!siteUrl && mode === "local") siteUrl = `http://localhost:${port}`;
  if (!siteUrl) {
    problems.push({
      variable: "SITE_URL",
      problem: "is required when WORKSPACE_URL is set (canonical URLs, sitemaps and feeds use it).",
      fix: "set it to the public address of this site, e.g. https://www.your-team.org.",
    });
  } else if (!/^https?:\/\/[^/\s]+/i.test(siteUrl) || !URL.canParse(siteUrl)) {
    problems.push({
      variable: "SITE_URL",
      problem: `"${siteUrl}" is not an absolute http(s) URL.`,
      fix: "set it to the public address of this site, e.g. https://www.your-team.org.",
    });
  }

  let revalidateSecret = str("REVALIDATE_SECRET") ?? (mode === "local" ? DEMO_REVALIDATE_SECRET : null);
  if (revalidateSecret && revalidateSecret.length < 32 && revalidateSecret !== DEMO_REVALIDATE_SECRET) {
    problems.push({
      variable: "REVALIDATE_SECRET",
      problem: "is shorter than 32 characters.",
      fix: "set it to a random string of at least 32 characters, or unset it to disable POST /api/revalidate.",
    });
  }
  if (mode === "remote" && revalidateSecret === DEMO_REVALIDATE_SECRET) {
    problems.push({
      variable: "REVALIDATE_SECRET",
      problem: "is the public demo secret.",
      fix: "set it to your own random string of at least 32 characters.",
    });
    revalidateSecret = null;
  }

  const postUrlTemplate = str("BLOG_POST_URL_TEMPLATE") ?? null;
  if (
    postUrlTemplate &&
    (!postUrlTemplate.includes("{slug}") || !URL.canParse(postUrlTemplate.replace("{slug}", "x")))
  ) {
    problems.push({
      variable: "BLOG_POST_URL_TEMPLATE",
      problem: `"${postUrlTemplate}" must be an absolute URL containing {slug}.`,
      fix: "set it like https://blog.example.org/{slug}, or unset it.",
    });
  }

  const config: AppConfig = {
    mode,
    workspace: {
      apiBase,
      apiKey: apiKey ?? "",
      timeoutMs: num("WORKSPACE_TIMEOUT_MS", 500, 120_000, 10_000),
      maxRetries: num("WORKSPACE_MAX_RETRIES", 0, 5, 2),
    },
    siteUrl: (siteUrl ?? "").replace(/\/+$/, ""),
    sessionSecret: sessionSecret ?? "",
    adminUsers,
    revalidateSecret,
    blog: {
      postUrlTemplate,
      revalidateSeconds: num("BLOG_REVALIDATE_SECONDS", 1, 31_536_000, 300),
      prerenderLimit: num("BLOG_PRERENDER_LIMIT", 0, 100_000, 200),
    },
    localWorkspace: mode === "local" ? { port: localPort } : null,
    imageHosts: imageHosts(vars),
    trustProxy: parseTrustProxy(str("TRUST_PROXY"), problems),
    redisUrl: parseRedisUrl(str("REDIS_URL"), problems),
    delivery: {
      storePath: str("DELIVERY_STORE_PATH") ?? DEFAULT_DELIVERY_STORE_PATH,
      ratePerSecond: num("DELIVERY_RATE_PER_SECOND", 1, 1000, 10),
      directTimeoutMs: num("DELIVERY_DIRECT_TIMEOUT_MS", 200, 120_000, 3_000),
      maxAgeHours: num("DELIVERY_MAX_AGE_HOURS", 1, 8760, 72),
      maxPending: num("DELIVERY_MAX_PENDING", 1, 10_000_000, 100_000),
      inProcessWorker: parseWorkerSwitch(str("DELIVERY_WORKER"), problems),
    },
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
