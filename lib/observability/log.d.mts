import type { Logger } from "pino";

/** The `component` field. */
export type Component =
  | "blog"
  | "newsletter"
  | "delivery"
  | "admin"
  | "state"
  | "workspace"
  | "search"
  | "launcher"
  | "local-workspace"
  | "next";

export function log(component: Component): Logger;
export type LogLevelName = "debug" | "info" | "warn" | "error";
export function logLine(
  component: Component,
  level?: LogLevelName,
): (line: string, at?: LogLevelName) => void;
export function auditLog(): Logger;
export function captureLogLines(sink: ((line: string) => void) | null): () => void;
export function observability(): { metrics: unknown };
