import type { Logger } from "pino";

/** The parts of Masthead a line can come from (the `component` field). */
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
/** The process's observability: its metrics registry is kept here beside the logger (metrics.ts). */
export function observability(): { metrics: unknown };
