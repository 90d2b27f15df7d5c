import type { Readable } from "node:stream";
import { createInterface } from "node:readline";
import { consoleText } from "../observability/console-to-log";
import { log } from "../observability/log.mjs";

/*
 * What the server prints before Masthead's instrumentation takes over its console (its banner,
 * "Ready in", an early warning) is plain text. When the launcher's output goes to a pipe, a file
 * or a log driver, each such line becomes a JSON line of the logger (component "next") and the
 * server's own JSON lines pass through untouched, so the output is JSON lines only. On a terminal
 * the server keeps the terminal and prints readably itself.
 */
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
