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
  | "local-workspace";

export function log(component: Component): Logger;
export function logLine(
  component: Component,
  level?: "debug" | "info" | "warn" | "error",
): (line: string) => void;
export function captureLogLines(sink: (line: string) => void): () => void;
