import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMPILED_SERVER_FILE, compileServer } from "@/lib/launcher/compile-server";

const ROOT = path.resolve(__dirname, "../..");

describe("the site's server, compiled for the launcher", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "masthead-compiled-server-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is one JavaScript file in the build folder, and nothing else is left there", async () => {
    const file = await compileServer(folder);
    expect(file).toBe(path.join(folder, COMPILED_SERVER_FILE));
    expect(readdirSync(folder)).toEqual([COMPILED_SERVER_FILE]);
  });

  it("holds the project's own modules and loads only packages and Node's modules", async () => {
    const text = readFileSync(await compileServer(folder), "utf8");
    const required = [...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required).toContain("next");
    expect(required.filter((name) => name.startsWith(".") || name.startsWith("/"))).toEqual([]);
    // The server's own steps are inside, not left to a loader.
    expect(text).toContain("isUnknownAddress");
  });

  it("is plain JavaScript Node parses without a loader", async () => {
    execFileSync(process.execPath, ["--check", await compileServer(folder)]);
  });

  it("is the same compiled where the project has no tsconfig.json, as in the image's runtime stage", async () => {
    // deploy/Dockerfile's runtime stage: package.json, lib/ and the packages, no tsconfig.json.
    const runtime = path.join(folder, "runtime");
    cpSync(path.join(ROOT, "lib"), path.join(runtime, "lib"), { recursive: true });
    cpSync(path.join(ROOT, "package.json"), path.join(runtime, "package.json"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(runtime, "node_modules"));
    execFileSync(
      process.execPath,
      ["--import", "tsx", "-e", 'require("./lib/launcher/compile-server.ts").compileServer(".next")'],
      { cwd: runtime },
    );
    const there = readFileSync(path.join(runtime, ".next", COMPILED_SERVER_FILE), "utf8");
    const here = readFileSync(await compileServer(path.join(folder, "here")), "utf8");
    expect(there.replaceAll(runtime, ROOT)).toBe(here);
  });
});
