import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { distDir } from "../config/defaults.mjs";

// The shared cache's keys carry the build id: a new deploy must never serve an older build's pages.

const FILE = path.join("cache", "masthead-build-id");

export function recordBuildId(dir) {
  const id = randomUUID();
  mkdirSync(path.join(dir, "cache"), { recursive: true });
  writeFileSync(path.join(dir, FILE), id);
  return id;
}

export function readBuildId(dir = distDir(process.env)) {
  try {
    return readFileSync(path.join(dir, FILE), "utf8").trim() || "unbuilt";
  } catch {
    return "unbuilt";
  }
}
