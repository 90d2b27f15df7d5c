import pino from "pino";
import pretty from "pino-pretty";
import { DEFAULT_LOG_LEVEL, logLevel } from "../config/defaults.mjs";
import { processMemo } from "../memo/process-memo.mjs";

/*
 * The one logger of every Masthead process (server, delivery worker, launcher, local
 * workspace): pino, one JSON object per line with `time`, `level`, `msg` and `component`,
 * at LOG_LEVEL. When stdout is a terminal the same lines are printed readably (pino-pretty as
 * a stream in this thread: pino's worker-thread transports do not survive Next's bundling).
 *
 * Plain JavaScript because Next loads the cache handler unbundled and it logs through this
 * too; one logger per process (processMemo "observability"), whichever bundle asks first.
 *
 * What callers pass is logged as given, so callers pass codes, statuses, endpoints and counts:
 * never a body, a cookie, a key, a full reader address or a query string. The redact list is
 * a second line of defence for field names that would carry one.
 */

const REDACTED = [
  ...["password", "cookie", "authorization", "apiKey", "secret", "token"].flatMap((key) => [key, `*.${key}`]),
  "headers",
];

export function observability() {
  return processMemo("observability", () => {
    /** @type {{ capture: ((line: string) => void) | null }} */
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
      /** @param {string} line */
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
    /** @type {import("pino").Logger | undefined} */
    const audit = undefined;
    // metrics: the process's metrics registry, made on first use (metrics.ts).
    return { state, logger, children: new Map(), audit, metrics: undefined };
  });
}

/**
 * The logger of one part of Masthead: `log("delivery").warn({ code }, "message")`.
 * @param {string} component
 */
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
 * The admin audit trail (component "admin"): written at `info` whatever LOG_LEVEL says, short
 * of `silent`. It is a record of who did what, not a severity: an operator who quiets the log
 * to `warn` or `error` still needs the refused sign-ins the failed-logins runbook reads.
 */
export function auditLog() {
  const root = observability();
  root.audit ??= root.logger.child(
    { component: "admin" },
    { level: root.logger.level === "silent" ? "silent" : "info" },
  );
  return root.audit;
}

/**
 * For modules that take a `(line) => void` reporter (so tests can capture it): a reporter
 * that writes each line as a message of `component` at `level`, or at the level a caller
 * passes as the second argument (a reporter that tests replace simply ignores it).
 * @param {string} component
 * @param {"debug" | "info" | "warn" | "error"} [level]
 * @returns {(line: string, at?: "debug" | "info" | "warn" | "error") => void}
 */
export function logLine(component, level = "warn") {
  return (line, at = level) => log(component)[at](line);
}

/**
 * Tests: every line goes to `sink` (one JSON object per call, no newline) instead of stdout
 * until the returned function is called; a null sink sends them to stdout again.
 * @param {((line: string) => void) | null} sink
 * @returns {() => void}
 */
export function captureLogLines(sink) {
  const { state } = observability();
  const previous = state.capture;
  state.capture = sink;
  return () => {
    state.capture = previous;
  };
}
