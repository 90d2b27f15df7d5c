import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_NEXT_DIST_DIR, envValue } from "../config/defaults.mjs";

/*
 * Which build an instance runs, for the shared cache's keys: a new deploy must never serve an older
 * build's pages. `generateBuildId` records it in the build folder's cache/, read at start.
 */

const FILE = path.join("cache", "masthead-build-id");

/** The build folder, as next.config.mjs names it. */
export function distDir(env = process.env) {
  return envValue(env, "NEXT_DIST_DIR") ?? DEFAULT_NEXT_DIST_DIR;
}

/** A new build's id, recorded for the instances that will run it. */
export function recordBuildId(dir = distDir()) {
  const id = randomUUID();
  mkdirSync(path.join(dir, "cache"), { recursive: true });
  writeFileSync(path.join(dir, FILE), id);
  return id;
}

/** The id of the build in `dir`, or "unbuilt" when there is none. */
export function readBuildId(dir = distDir()) {
  try {
    return readFileSync(path.join(dir, FILE), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}
