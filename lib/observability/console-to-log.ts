import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { format } from "node:util";
import { log } from "./log.mjs";

// Next reports through `console` in coloured text, part on stderr: a log shipper gets JSON lines instead.

const METHODS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;
const ANSI = /\u001b\[[0-9;]*m/g;
const GLYPH = /^\s*[⨯⚠✓○▲●ℹ]\s*/u;
const MAX_LENGTH = 4_000;

/** A second call (another bundle) installs the same routing again. */
export function routeConsoleToLog(): void {
  const next = log("next");
  for (const method of Object.keys(METHODS) as (keyof typeof METHODS)[]) {
    const level = METHODS[method];
    console[method] = (...args: unknown[]) => {
      const text = consoleText(args);
      // Next prints empty lines between its own messages.
      if (text) next[level](text);
    };
  }
}

function consoleText(args: unknown[]): string {
  const text = format(...args)
    .replace(ANSI, "")
    .replace(GLYPH, "")
    .trim();
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}

/** The launcher's children print plain text before instrumentation runs: each line becomes a log line; JSON lines pass. */
export function forwardAsJsonLines(stream: Readable, level: "info" | "warn"): void {
  const next = log("next");
  createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
    if (line.startsWith("{") && isJsonObject(line)) process.stdout.write(`${line}\n`);
    else {
      const text = consoleText([line]);
      if (text) next[level](text);
    }
  });
}

function isJsonObject(line: string): boolean {
  try {
    return typeof JSON.parse(line) === "object";
  } catch {
    return false;
  }
}
