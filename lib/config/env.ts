import "server-only";
import type { AppConfig } from "./schema";
import { loadConfig } from "./startup";

export type { AppConfig } from "./schema";

let cached: AppConfig | undefined;

/** The validated configuration; the only reader of process.env in the app. Throws ConfigError. */
export function env(): AppConfig {
  cached ??= loadConfig(process.env);
  return cached;
}
