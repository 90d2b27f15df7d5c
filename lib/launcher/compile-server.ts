// Compiled at every start: under tsx the server would keep tsx's loader (and maybe esbuild) for life.
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { MIN_NODE_MAJOR } from "../config/node-runtime";

const SERVER_SOURCE = path.resolve(__dirname, "server.ts");

export const COMPILED_SERVER_FILE = "masthead-server.cjs";

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
    // esbuild's service is a child process; the launcher leads only those it supervises.
    await stop();
  }
  renameSync(written, outfile);
  return outfile;
}
