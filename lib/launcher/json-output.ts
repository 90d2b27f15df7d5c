import type { Readable } from "node:stream";
import { createInterface } from "node:readline";
import { consoleText } from "../observability/console-to-log";
import { log } from "../observability/log.mjs";

/*
 * What the server prints before instrumentation takes over its console is plain text: off a
 * terminal, each such line becomes a logger JSON line (component "next"), JSON lines pass through.
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
