import { parseAdminUsers } from "./admin-access";
import { verifyPasswordSync } from "./password-hash";
import { envValue, isLocalMode } from "./defaults.mjs";
import { CONFIG_VARIABLES, ConfigError, checkEnv, type AppConfig, type ConfigProblem } from "./schema";
import { DEMO_ADMIN_HASH, DEMO_ADMIN_PASSWORD } from "./secrets";

// The schema plus what is too slow for parsing: no admin of a real workspace may use the demo password.

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
