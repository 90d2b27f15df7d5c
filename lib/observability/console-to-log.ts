import { format } from "node:util";
import { log } from "./log.mjs";

/*
 * Next itself reports through `console` (its image optimiser's refusals, a failed render, its
 * warnings), in plain text with coloured glyphs, part on stderr. In a server process those calls
 * become lines of the one logger (component "next", the matching level, on stdout), so a log
 * shipper reading the server's output gets nothing but JSON lines.
 */

const METHODS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;
/** Next's colour codes and its line glyphs (⨯ ⚠ ✓ ○ ▲ and the like) are for a terminal, not a log. */
const ANSI = /\u001b\[[0-9;]*m/g;
const GLYPH = /^\s*[⨯⚠✓○▲●ℹ]\s*/u;
/** A stack or a huge object stays readable without letting one call fill the log. */
const MAX_LENGTH = 4_000;

/** Replaces the console's methods: a second call (another bundle) installs the same routing again. */
export function routeConsoleToLog(): void {
  const next = log("next");
  for (const [method, level] of Object.entries(METHODS) as [
    keyof typeof METHODS,
    (typeof METHODS)[keyof typeof METHODS],
  ][]) {
    console[method] = (...args: unknown[]) => {
      const text = consoleText(args);
      // Next prints empty lines between its own messages; a log line needs something to say.
      if (text) next[level](text);
    };
  }
}

/** What a console call would have printed, as one plain line of text. */
export function consoleText(args: unknown[]): string {
  const text = format(...args)
    .replace(ANSI, "")
    .replace(GLYPH, "")
    .trim();
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
