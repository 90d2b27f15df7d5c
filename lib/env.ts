import "server-only";
import type { AppConfig } from "./env-schema";
import { loadConfig } from "./env-startup";

export type { AppConfig } from "./env-schema";

let cached: AppConfig | undefined;

/** The validated configuration; the only reader of process.env in the app. Throws ConfigError. */
export function env(): AppConfig {
  cached ??= loadConfig(process.env);
  return cached;
}
