import { readFileSync } from "node:fs";
import path from "node:path";

/*
 * The shell commands a page of the docs gives, as a reader would type them: every fenced block
 * marked sh, bash or shell, its continuation lines joined, its comments kept apart, each `&&`
 * chain split into the commands it runs. tests/contract/docs-commands.test.ts runs them.
 */

const ROOT = path.resolve(__dirname, "../..");
const SHELL_FENCE = /^```(sh|bash|shell)\s*$/;

export type DocCommand = {
  /** The page, relative to the repository (`deploy/README.md`). */
  file: string;
  /** 1-based number of the block on its page, counting shell blocks only. */
  block: number;
  /** The command as written, continuation lines joined, without its comment. */
  command: string;
  /** The comment written after it on its line, if any (what the docs promise it does). */
  comment: string;
};

/** Every command of every shell block of `file`, in reading order. */
export function docCommands(file: string): DocCommand[] {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const commands: DocCommand[] = [];
  let block = 0;
  let inBlock = false;
  let pending = "";
  for (const line of lines) {
    if (!inBlock) {
      if (SHELL_FENCE.test(line.trim())) {
        inBlock = true;
        block++;
      }
      continue;
    }
    if (line.trim() === "```") {
      inBlock = false;
      continue;
    }
    const { code, comment } = splitComment(line);
    if (code.trimEnd().endsWith("\\")) {
      pending += code.trimEnd().slice(0, -1).trim() + " ";
      continue;
    }
    const whole = (pending + code).trim();
    pending = "";
    if (!whole) continue;
    for (const command of splitChain(whole)) commands.push({ file, block, command, comment });
  }
  return commands;
}

/** `code   # comment` → both parts; a `#` inside quotes or a word (`$#`, `a#b`) is not a comment. */
function splitComment(line: string): { code: string; comment: string } {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!)))
      return { code: line.slice(0, i), comment: line.slice(i + 1).trim() };
  }
  return { code: line, comment: "" };
}

/** `a && b` → [a, b] (outside quotes): each part is classified on its own. */
function splitChain(command: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (command.startsWith("&&", i)) {
      parts.push(command.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(command.slice(start).trim());
  return parts.filter(Boolean);
}
