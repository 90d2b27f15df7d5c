import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_NEXT_DIST_DIR, envValue } from "../config/defaults.mjs";

// The shared cache's keys carry the build id: a new deploy must never serve an older build's pages.

const FILE = path.join("cache", "masthead-build-id");

export function distDir(env = process.env) {
  return envValue(env, "NEXT_DIST_DIR") ?? DEFAULT_NEXT_DIST_DIR;
}

export function recordBuildId(dir = distDir()) {
  const id = randomUUID();
  mkdirSync(path.join(dir, "cache"), { recursive: true });
  writeFileSync(path.join(dir, FILE), id);
  return id;
}

export function readBuildId(dir = distDir()) {
  try {
    return readFileSync(path.join(dir, FILE), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}
