/*
 * The site's server compiled into one JavaScript file in the build folder (packages stay in
 * node_modules), at every start. Under tsx it would keep tsx's loader for life: source maps of
 * every file loaded after, and on a cold cache an esbuild child process.
 */
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { MIN_NODE_MAJOR } from "../config/node-runtime";

const SERVER_SOURCE = path.resolve(__dirname, "server.ts");

/** The compiled server's file name in the build folder. */
export const COMPILED_SERVER_FILE = "masthead-server.cjs";

/** Compiles the site's server into `folder` (the build folder) and returns the file to run. */
export async function compileServer(folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const outfile = path.join(folder, COMPILED_SERVER_FILE);
  // Written aside and renamed: instances starting together on one build never run half a file.
  const written = `${outfile}.${process.pid}.tmp`;
  try {
    await build({
      entryPoints: [SERVER_SOURCE],
      outfile: written,
      bundle: true,
      packages: "external",
      platform: "node",
      format: "cjs",
      target: `node${MIN_NODE_MAJOR}`,
      // Not from tsconfig.json, which the image's runtime stage does not ship.
      tsconfigRaw: { compilerOptions: { strict: true } },
      logLevel: "silent",
    });
  } finally {
    // esbuild's service is a child process: the launcher leads only the ones it supervises.
    await stop();
  }
  renameSync(written, outfile);
  return outfile;
}
