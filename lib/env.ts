import "server-only";
import { parseEnv, type AppConfig } from "./env-schema";

export type { AppConfig } from "./env-schema";

let cached: AppConfig | undefined;

/** The validated configuration; the only reader of process.env in the app. Throws ConfigError. */
export function env(): AppConfig {
  cached ??= parseEnv(process.env);
  return cached;
}
