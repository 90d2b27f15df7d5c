import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const TSCONFIG = path.resolve(__dirname, "../../tsconfig.json");

/**
 * `next build` into a build folder that tsconfig.json does not list adds that folder to its
 * `include`. Builds made by tests and benchmarks run inside this, so the file is put back.
 */
export async function keepingTsconfig<T>(build: () => Promise<T>): Promise<T> {
  const before = readFileSync(TSCONFIG, "utf8");
  try {
    return await build();
  } finally {
    writeFileSync(TSCONFIG, before);
  }
}
