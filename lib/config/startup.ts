import { verifyPasswordSync } from "./password-hash";
import { envValue, isLocalMode } from "./defaults.mjs";
import {
  CONFIG_VARIABLES,
  ConfigError,
  DEMO_ADMIN_HASH,
  DEMO_ADMIN_PASSWORD,
  checkEnv,
  parseAdminUsers,
  type AppConfig,
  type ConfigProblem,
} from "./schema";

/*
 * Loading the configuration once at start-up (the launcher, and env() on its first call): the
 * schema (lib/config/schema.ts) plus the checks too slow to belong in parsing. Today that is one:
 * with a real workspace, no admin may sign in with the public demo password, which takes one
 * scrypt per admin. Its problem is reported together with the schema's, in variable order.
 */

type Vars = Record<string, string | undefined>;

export function loadConfig(vars: Vars): AppConfig {
  const { config, problems } = checkEnv(vars);
  const all = problems.some((p) => p.variable === "ADMIN_USERS")
    ? problems
    : [...problems, ...demoPasswordProblems(vars)];
  if (all.length) {
    const order = (p: ConfigProblem) => CONFIG_VARIABLES.indexOf(p.variable);
    throw new ConfigError(all.sort((a, b) => order(a) - order(b)));
  }
  return config!;
}

function demoPasswordProblems(vars: Vars): ConfigProblem[] {
  const raw = envValue(vars, "ADMIN_USERS");
  if (isLocalMode(vars) || raw === undefined) return [];
  const usesDemoPassword = parseAdminUsers(raw).users.some(
    (u) => u.passwordHash === DEMO_ADMIN_HASH || verifyPasswordSync(DEMO_ADMIN_PASSWORD, u.passwordHash),
  );
  if (!usesDemoPassword) return [];
  return [
    {
      variable: "ADMIN_USERS",
      problem: "uses the public demo password.",
      fix: "choose a password of your own and put its hash (from `npm run hash-password`) in ADMIN_USERS.",
    },
  ];
}
