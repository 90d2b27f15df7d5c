import { describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/config/password-hash";
import {
  ConfigError,
  DEMO_ADMIN_HASH,
  DEMO_ADMIN_PASSWORD,
  DEMO_REVALIDATE_SECRET,
  DEMO_SESSION_SECRET,
  LOCAL_DEMO_API_KEY,
} from "@/lib/config/schema";
import { parseAdminUsers } from "@/lib/config/admin-access";
// The whole start-up load: the schema plus the slow demo-password check, reported together.
import { loadConfig as parseEnv } from "@/lib/config/startup";

const strongHash = hashPassword("a strong admin password");
const remote = {
  WORKSPACE_URL: "https://acme.wps.test",
  WORKSPACE_API_KEY: "live_key_0123456789abcdef",
  SESSION_SECRET: "x".repeat(40),
  ADMIN_USERS: `ops@acme.test=${strongHash}`,
  SITE_URL: "https://www.acme.test",
};

function problemsOf(vars: Record<string, string | undefined>) {
  try {
    parseEnv(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("parseEnv: local mode (nothing configured)", () => {
  it("uses the local workspace and demo defaults", () => {
    const config = parseEnv({});
    expect(config.mode).toBe("local");
    expect(config.workspace.apiBase).toBe("http://127.0.0.1:4010/api/external");
    expect(config.workspace.apiKey).toBe(LOCAL_DEMO_API_KEY);
    expect(config.sessionSecret).toBe(DEMO_SESSION_SECRET);
    expect(config.adminUsers).toEqual([{ email: "admin@example.com", passwordHash: DEMO_ADMIN_HASH }]);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.revalidateSecret).toBe(DEMO_REVALIDATE_SECRET);
    expect(config.localWorkspace).toEqual({ port: 4010 });
    expect(config.shutdownGraceSeconds).toBe(10);
  });

  it("honours PORT and the LOCAL_WORKSPACE_* variables", () => {
    const config = parseEnv({
      PORT: "3100",
      LOCAL_WORKSPACE_PORT: "4110",
      LOCAL_WORKSPACE_API_KEY: "k_local_override_1234",
    });
    expect(config.siteUrl).toBe("http://localhost:3100");
    expect(config.workspace.apiBase).toBe("http://127.0.0.1:4110/api/external");
    expect(config.workspace.apiKey).toBe("k_local_override_1234");
  });

  it("the demo admin hash really is the documented demo password", async () => {
    const { verifyPassword } = await import("@/lib/config/password-hash");
    expect(await verifyPassword(DEMO_ADMIN_PASSWORD, DEMO_ADMIN_HASH)).toBe(true);
    expect(await verifyPassword("wrong", DEMO_ADMIN_HASH)).toBe(false);
  });
});

describe("parseEnv: remote mode", () => {
  it("accepts a complete configuration and normalises the workspace URL", () => {
    const config = parseEnv(remote);
    expect(config.mode).toBe("remote");
    expect(config.workspace.apiBase).toBe("https://acme.wps.test/api/external");
    expect(config.localWorkspace).toBeNull();
    expect(config.revalidateSecret).toBeNull();
    expect(
      parseEnv({ ...remote, WORKSPACE_URL: "https://acme.wps.test/api/external/v2/" }).workspace.apiBase,
    ).toBe("https://acme.wps.test/api/external");
  });

  it.each([
    ["https://<workspace_subdomain>.wps.test", "placeholder"],
    ["https://{your-subdomain}.wps.test", "placeholder"],
    ["https://your-subdomain.wps.test", "sample subdomain"],
    ["https://example.wps.test", "sample subdomain"],
    ["https://spinkart.wps.test/api/external/v2", "sample subdomain"],
    ["acme.wps.test", "not an absolute URL"],
    ["ftp://acme.wps.test", "https://"],
  ])("refuses WORKSPACE_URL %s", (url, words) => {
    const problems = problemsOf({ ...remote, WORKSPACE_URL: url });
    expect(problems.map((p) => p.variable)).toEqual(["WORKSPACE_URL"]);
    expect(problems[0]!.problem).toContain(words);
    expect(problems[0]!.fix).toMatch(/workspace's address/);
  });

  it.each([
    ["WORKSPACE_API_KEY", undefined, "is required"],
    ["WORKSPACE_API_KEY", "short", "too short"],
    ["WORKSPACE_API_KEY", LOCAL_DEMO_API_KEY, "local demo key"],
    ["SESSION_SECRET", undefined, "is required"],
    ["SESSION_SECRET", "too-short-secret", "at least 32"],
    ["SESSION_SECRET", DEMO_SESSION_SECRET, "public demo secret"],
    ["SITE_URL", undefined, "is required"],
    ["SITE_URL", "www.acme.test", "not an absolute"],
    ["ADMIN_USERS", undefined, "is required"],
    ["ADMIN_USERS", "not-an-email=scrypt:00:00", "not an email"],
    ["ADMIN_USERS", "ops@acme.test=plaintext", "no valid scrypt hash"],
    ["ADMIN_USERS", `admin@example.com=${DEMO_ADMIN_HASH}`, "demo password"],
    ["ADMIN_USERS", `ops@acme.test=${hashPassword(DEMO_ADMIN_PASSWORD)}`, "demo password"],
    ["REVALIDATE_SECRET", "short", "shorter than 32"],
    ["REVALIDATE_SECRET", DEMO_REVALIDATE_SECRET, "public demo secret"],
    ["BLOG_POST_URL_TEMPLATE", "https://blog.acme.test/post", "{slug}"],
    ["WORKSPACE_TIMEOUT_MS", "fast", "whole number"],
    ["BLOG_PRERENDER_LIMIT", "-1", "whole number"],
    ["SHUTDOWN_GRACE_SECONDS", "0", "whole number from 1 to 600"],
  ])("refuses %s=%s naming the variable and the fix", (variable, value, words) => {
    const problems = problemsOf({ ...remote, [variable]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.variable).toBe(variable);
    expect(problems[0]!.problem).toContain(words);
    expect(problems[0]!.fix.length).toBeGreaterThan(10);
  });

  it("reports every problem in one message that never echoes a secret", () => {
    const secret = "s3cr3t-but-too-short";
    try {
      parseEnv({ WORKSPACE_URL: "https://example.wps.test", SESSION_SECRET: secret });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      for (const v of ["WORKSPACE_URL", "WORKSPACE_API_KEY", "SESSION_SECRET", "ADMIN_USERS", "SITE_URL"])
        expect(message).toContain(v);
      expect(message).not.toContain(secret);
      expect(message.split("\n")[0]).toMatch(/cannot start/);
    }
  });

  it("does not echo a rejected API key", () => {
    const problems = problemsOf({ ...remote, WORKSPACE_API_KEY: "has space inside key" });
    expect(JSON.stringify(problems)).not.toContain("has space inside key");
  });
});

describe("parseAdminUsers", () => {
  it("reads several entries separated by commas or newlines, lower-casing emails", () => {
    const other = hashPassword("another long password");
    const { users, errors } = parseAdminUsers(`Ops@Acme.test=${strongHash},\n  lead@acme.test=${other}`);
    expect(errors).toEqual([]);
    expect(users).toEqual([
      { email: "ops@acme.test", passwordHash: strongHash },
      { email: "lead@acme.test", passwordHash: other },
    ]);
  });
});

describe("admin access: ADMIN_ROLES, ADMIN_RECHECK_SECONDS, ADMIN_TOTP, ADMIN_TWO_FACTOR", () => {
  const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

  it("defaults: the Admin role, a recheck every 60 s, no second factor, optional", () => {
    expect(parseEnv({}).adminAccess).toEqual({
      roles: ["Admin"],
      recheckSeconds: 60,
      totpSecrets: {},
      recoveryCodes: {},
      twoFactor: "optional",
    });
  });

  it("reads roles (trimmed, case kept), the interval and secrets (emails lower-cased, padding dropped)", () => {
    const config = parseEnv({
      ...remote,
      ADMIN_ROLES: " Admin, Owner ,Admin",
      ADMIN_RECHECK_SECONDS: "15",
      ADMIN_TOTP: `Ops@Acme.test=${SECRET.toLowerCase()}====`,
      ADMIN_TWO_FACTOR: "required",
    });
    expect(config.adminAccess).toEqual({
      roles: ["Admin", "Owner"],
      recheckSeconds: 15,
      totpSecrets: { "ops@acme.test": SECRET },
      recoveryCodes: {},
      twoFactor: "required",
    });
  });

  it("the demo admin can be given a second factor in local mode", () => {
    expect(parseEnv({ ADMIN_TOTP: `admin@example.com=${SECRET}` }).adminAccess.totpSecrets).toEqual({
      "admin@example.com": SECRET,
    });
  });

  it.each([
    ["ADMIN_ROLES", " , ", "lists no role"],
    ["ADMIN_RECHECK_SECONDS", "0", "whole number from 1 to 3600"],
    ["ADMIN_RECHECK_SECONDS", "soon", "whole number"],
    ["ADMIN_TOTP", "ops@acme.test=NOT-BASE32-1890", "not a base32 secret"],
    ["ADMIN_TOTP", "ops@acme.test=JBSWY3DPEHPK3PXP", "at least 26 characters"],
    ["ADMIN_TOTP", `not-an-email=${SECRET}`, "not an email"],
    ["ADMIN_TOTP", `ops@acme.test=${SECRET},ops@acme.test=${SECRET}`, "listed twice"],
    ["ADMIN_TOTP", `someone@acme.test=${SECRET}`, "not in ADMIN_USERS"],
    ["ADMIN_TWO_FACTOR", "always", "neither required nor optional"],
    ["ADMIN_TWO_FACTOR", "required", "ops@acme.test has no ADMIN_TOTP secret"],
  ])("refuses %s=%s naming the variable and the fix, never the secret", (variable, value, words) => {
    const problems = problemsOf({ ...remote, [variable]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.variable).toBe(variable);
    expect(problems[0]!.problem).toContain(words);
    expect(problems[0]!.fix.length).toBeGreaterThan(10);
    expect(JSON.stringify(problems)).not.toContain(SECRET);
  });

  it("ADMIN_TWO_FACTOR=required names the fix: the enrolment command", () => {
    const [problem] = problemsOf({ ...remote, ADMIN_TWO_FACTOR: "required" });
    expect(problem!.fix).toContain("npm run admin-totp");
  });
});

describe("REDIS_URL", () => {
  it("is optional in both modes: unset keeps the state of one instance in memory", () => {
    expect(parseEnv({}).redis).toBeNull();
    expect(parseEnv(remote).redis).toBeNull();
  });

  it("is honoured in local and remote mode", () => {
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379" }).redis).toBe("redis://127.0.0.1:6379");
    expect(parseEnv({ ...remote, REDIS_URL: "rediss://:pw@cache.acme.test:6380/2" }).redis).toBe(
      "rediss://:pw@cache.acme.test:6380/2",
    );
  });

  it.each([
    ["http://cache.acme.test:6379", "not a redis"],
    ["cache.acme.test:6379", "not a redis"],
    ["redis://:hunter2-password@cache.acme.test:6379/99", "numbered 0 to 15"],
    ["redis://:hunter2-password@cache.acme.test:notaport", "not a redis"],
  ])("refuses %s with a message naming the variable, never the password", (value, problem) => {
    const problems = problemsOf({ ...remote, REDIS_URL: value });
    expect(problems.map((p) => p.variable)).toEqual(["REDIS_URL"]);
    expect(problems[0]!.problem).toContain(problem);
    expect(problems[0]!.fix).toMatch(/redis:\/\//);
    expect(JSON.stringify(problems)).not.toContain("hunter2-password");
  });
});

describe("REDIS_SENTINELS", () => {
  const sentinels = "10.0.0.5:26379, 10.0.0.6:26379,[fd00::7]:26380";

  it("with REDIS_SENTINEL_NAME names a Sentinel group, its passwords included", () => {
    expect(
      parseEnv({
        ...remote,
        REDIS_SENTINELS: sentinels,
        REDIS_SENTINEL_NAME: "masthead",
        REDIS_SENTINEL_PASSWORD: "sentinel-secret",
        REDIS_PASSWORD: "data-secret",
      }).redis,
    ).toEqual({
      sentinels: [
        { host: "10.0.0.5", port: 26379 },
        { host: "10.0.0.6", port: 26379 },
        { host: "fd00::7", port: 26380 },
      ],
      name: "masthead",
      sentinelPassword: "sentinel-secret",
      password: "data-secret",
    });
  });

  it("together with REDIS_URL is a configuration error that says to choose one", () => {
    const problems = problemsOf({
      ...remote,
      REDIS_URL: "redis://:hunter2-password@cache.acme.test:6379",
      REDIS_SENTINELS: sentinels,
      REDIS_SENTINEL_NAME: "masthead",
    });
    expect(problems.map((p) => p.variable)).toEqual(["REDIS_SENTINELS"]);
    expect(problems[0]!.problem).toContain("REDIS_URL");
    expect(problems[0]!.fix).toContain("unset REDIS_URL");
    expect(JSON.stringify(problems)).not.toContain("hunter2-password");
  });

  it.each([
    [{ REDIS_SENTINELS: sentinels }, "REDIS_SENTINEL_NAME", "needs it"],
    [{ REDIS_SENTINELS: "10.0.0.5", REDIS_SENTINEL_NAME: "m" }, "REDIS_SENTINELS", "not host:port"],
    [{ REDIS_SENTINELS: "10.0.0.5:26379,,x:1", REDIS_SENTINEL_NAME: "m" }, "REDIS_SENTINELS", "empty entry"],
    [{ REDIS_SENTINELS: "10.0.0.5:99999", REDIS_SENTINEL_NAME: "m" }, "REDIS_SENTINELS", "not host:port"],
    [{ REDIS_SENTINEL_NAME: "masthead" }, "REDIS_SENTINEL_NAME", "without REDIS_SENTINELS"],
    [
      { REDIS_URL: "redis://cache.acme.test", REDIS_PASSWORD: "hunter2-password" },
      "REDIS_PASSWORD",
      "without REDIS_SENTINELS",
    ],
  ])("refuses %o naming %s", (vars, variable, words) => {
    const problems = problemsOf({ ...remote, ...vars });
    expect(problems.map((p) => p.variable)).toEqual([variable]);
    expect(problems[0]!.problem).toContain(words);
    expect(JSON.stringify(problems)).not.toContain("hunter2-password");
  });
});

describe("METRICS_TOKEN", () => {
  it("is optional: unset turns GET /api/metrics off", () => {
    expect(parseEnv({}).metricsToken).toBeNull();
    expect(parseEnv(remote).metricsToken).toBeNull();
  });

  it("is honoured when it is long enough", () => {
    const token = "m".repeat(24) + "0123456789";
    expect(parseEnv({ ...remote, METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
  });

  it.each([
    ["short-metrics-token-secret", "at least 32"],
    ["a metrics token with spaces in it, long enough", "Authorization header"],
  ])("refuses %j, naming the variable and never echoing the value", (value, problem) => {
    const problems = problemsOf({ ...remote, METRICS_TOKEN: value });
    expect(problems.map((p) => p.variable)).toEqual(["METRICS_TOKEN"]);
    expect(problems[0]!.problem).toContain(problem);
    expect(problems[0]!.fix).toMatch(/openssl rand/);
    expect(JSON.stringify(problems)).not.toContain(value);
  });
});

describe("LOG_LEVEL", () => {
  it("defaults to info and accepts pino's levels in any case", () => {
    expect(parseEnv({}).logLevel).toBe("info");
    expect(parseEnv({ LOG_LEVEL: "DEBUG" }).logLevel).toBe("debug");
    expect(parseEnv({ ...remote, LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });

  it("refuses a level that does not exist, listing the ones that do", () => {
    const problems = problemsOf({ LOG_LEVEL: "verbose" });
    expect(problems.map((p) => p.variable)).toEqual(["LOG_LEVEL"]);
    expect(problems[0]!.problem).toContain('"verbose" is not a log level');
    expect(problems[0]!.fix).toContain("trace, debug, info, warn, error, fatal, silent");
  });
});
