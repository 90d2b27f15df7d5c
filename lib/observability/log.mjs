import pino from "pino";
import pretty from "pino-pretty";
import { DEFAULT_LOG_LEVEL, logLevel } from "../config/defaults.mjs";
import { processMemo } from "../memo/process-memo.mjs";

// pino-pretty as a stream in this thread: worker-thread transports do not survive Next's bundling.
// Callers pass codes and counts, never a body, cookie, key, address or query; redaction is a backstop.

const REDACTED = [
  ...["password", "cookie", "authorization", "apiKey", "secret", "token"].flatMap((key) => [key, `*.${key}`]),
  "headers",
];

export function observability() {
  return processMemo("observability", () => {
    const state = { capture: null };
    const out = process.stdout.isTTY
      ? pretty({
          colorize: true,
          sync: true,
          singleLine: true,
          translateTime: "SYS:HH:MM:ss",
          messageFormat: "[{component}] {msg}",
          ignore: "pid,hostname,component",
        })
      : pino.destination({ dest: 1, sync: true });
    const stream = {
      write(line) {
        if (state.capture) state.capture(line.replace(/\n$/, ""));
        else out.write(line);
      },
    };
    const logger = pino(
      {
        level: logLevel(process.env) ?? DEFAULT_LOG_LEVEL,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACTED, censor: "[redacted]" },
      },
      stream,
    );
    // metrics: made on first use (metrics.ts).
    return { state, logger, children: new Map(), audit: undefined, metrics: undefined };
  });
}

export function log(component) {
  const root = observability();
  let child = root.children.get(component);
  if (!child) {
    child = root.logger.child({ component });
    root.children.set(component, child);
  }
  return child;
}

/**
 * The admin audit trail: at `info` whatever LOG_LEVEL says short of `silent`, since an operator who
 * quiets the log still needs the refused sign-ins the failed-logins runbook reads.
 */
export function auditLog() {
  const root = observability();
  root.audit ??= root.logger.child(
    { component: "admin" },
    { level: root.logger.level === "silent" ? "silent" : "info" },
  );
  return root.audit;
}

/** A `(line) => void` reporter (tests replace it), at `level` unless the caller names another. */
export function logLine(component, level = "warn") {
  return (line, at = level) => log(component)[at](line);
}

/** Tests: lines go to `sink` instead of stdout until the returned function is called. */
export function captureLogLines(sink) {
  const { state } = observability();
  const previous = state.capture;
  state.capture = sink;
  return () => {
    state.capture = previous;
  };
}
