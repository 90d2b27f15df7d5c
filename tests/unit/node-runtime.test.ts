import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeRuntimeProblem } from "@/lib/config/node-runtime";

/** An older `node` on PATH besides the one running the tests (the machine's own, under npm's .bin), if any. */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "node");
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (nodeRuntimeProblem(version)) return candidate;
  }
  return undefined;
}

describe("the supported Node.js lines", () => {
  it("accepts Node 24 and 26 and refuses 20 and 22 with what to do", () => {
    expect(nodeRuntimeProblem("v24.21.0")).toBeUndefined();
    expect(nodeRuntimeProblem("v26.10.0")).toBeUndefined();
    for (const old of ["v20.20.2", "v22.11.0"]) {
      const problem = nodeRuntimeProblem(old);
      expect(problem).toContain(`this is ${old}`);
      expect(problem).toContain("npm start");
    }
  });

  it("runs the tests themselves on a supported line", () => {
    expect(nodeRuntimeProblem(process.version)).toBeUndefined();
  });

  const older = olderNode();
  it.skipIf(!older)(
    "npm start's launcher and the local workspace stop at once on an older Node, saying so",
    () => {
      for (const entry of ["lib/launcher/start.ts", "lib/local-workspace/cli.ts"]) {
        const run = spawnSync(older!, ["--import", "tsx", entry], {
          encoding: "utf8",
          timeout: 30_000,
          env: { ...process.env, PORT: "1", LOCAL_WORKSPACE_PORT: "1" },
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain("Masthead needs Node.js 24 or newer");
        expect(run.stderr).not.toContain("ERR_UNKNOWN_BUILTIN_MODULE");
      }
    },
  );
});
