import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The product's own errors are recognised by class (a brand that holds across Next's bundles) or
 * by a code, never by their name: a module loaded twice in one process makes two classes with one
 * name, and a check by name cannot tell a refusal from another copy's bug. Only the platform's
 * DOMException names (a timeout, an abort, a refused passkey prompt) are read by name, as the
 * platform defines them.
 */

const ROOTS = ["lib", "app", "components"];
const PLATFORM_NAMES = new Set(["TimeoutError", "AbortError", "NotAllowedError"]);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe("error recognition", () => {
  it("compares no error's name with a string or another instance's name", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap(sources)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bname\s*===\s*(?:["'](\w+Error)["']|new\s+\w+)/g)) {
        if (m[1] && PLATFORM_NAMES.has(m[1])) continue;
        found.push(`${file}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
