/*
 * The site's server as the launcher starts it outside development: lib/launcher/server.ts and the
 * modules it imports, compiled into one JavaScript file in the build folder that Node runs on its
 * own. Packages stay outside the file and load from node_modules as they would anyway.
 *
 * Run through tsx, the server would carry tsx's loader for its whole life: Node's source maps,
 * which tsx turns on for the whole process, so that Node reads and keeps in memory the map of
 * every file it loads after (Next's compiled runtime and the build's chunks included); and,
 * whenever tsx's cache is cold, as in every fresh container, its esbuild service (a child process,
 * and a thread with a V8 heap of its own). The launcher compiles the sources at every start, so
 * the server it starts is the code it was started with, as tsx ran it.
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
      // The options that change the output, here rather than read from tsconfig.json, which the
      // image's runtime stage does not ship: the file is the same wherever it is compiled.
      tsconfigRaw: { compilerOptions: { strict: true } },
      logLevel: "silent",
    });
  } finally {
    // esbuild's service is a child process: stopped, so that the launcher leads no process but
    // the ones it supervises.
    await stop();
  }
  renameSync(written, outfile);
  return outfile;
}
