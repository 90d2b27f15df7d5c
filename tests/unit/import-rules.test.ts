import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The import rules lint holds (eslint.config.mjs, README.md "Imports run one way"): a module
 * written at a path in the tree, linted with the project's configuration, is refused for an
 * import against the direction or a cycle, and accepted for an edge the design names.
 */

/*
 * The files below are not on disk, and no-cycle's shortcut (strongly connected components
 * computed once from the files on disk) would neither find them nor see the cycle an edit
 * adds: the project's no-cycle is run here as it is configured, without that shortcut.
 */
const projectConfig = await new ESLint().calculateConfigForFile("lib/state/index.ts");
const [cycleSeverity, cycleOptions] = projectConfig.rules["import/no-cycle"];
const eslint = new ESLint({
  overrideConfig: { rules: { "import/no-cycle": [cycleSeverity, { ...cycleOptions, disableScc: true }] } },
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith("import/")).map((m) => m.ruleId!);
}

describe("the import rules", () => {
  it("are errors in the project's configuration", () => {
    expect(cycleSeverity).toBe(2);
    expect(projectConfig.rules["import/no-restricted-paths"][0]).toBe(2);
  });

  it("refuse lib/config importing anything of Masthead's", async () => {
    const code = 'import { log } from "../observability/log.mjs";\nexport const x = log;\n';
    expect(await importErrors("lib/config/fixture.ts", code)).toEqual(["import/no-restricted-paths"]);
  });

  it("refuse a bottom layer importing a feature, and a feature another one the design does not name", async () => {
    const state = 'import { delivery } from "@/lib/delivery";\nexport const x = delivery;\n';
    expect(await importErrors("lib/state/fixture.ts", state)).toEqual(["import/no-restricted-paths"]);
    const blog = 'import { SEARCH_LIMITS } from "../search/admission";\nexport const x = SEARCH_LIMITS;\n';
    expect(await importErrors("lib/blog/fixture.ts", blog)).toEqual(["import/no-restricted-paths"]);
  });

  it("refuse lib/ importing app/ or components/", async () => {
    const code = 'import { GET } from "@/app/api/health/route";\nexport const x = GET;\n';
    expect(await importErrors("lib/admin/fixture.ts", code)).toEqual(["import/no-restricted-paths"]);
  });

  it("refuse a test importing the bench", async () => {
    const code = 'import { median } from "@/bench/section";\nexport const x = median;\n';
    expect(await importErrors("tests/unit/fixture.test.ts", code)).toEqual(["import/no-restricted-paths"]);
    const helper =
      'import { syntheticBlog } from "@/tests/helpers/search-corpus";\nexport const x = syntheticBlog;\n';
    expect(await importErrors("tests/unit/fixture.test.ts", helper)).toEqual([]);
  });

  it("refuse a cycle inside a folder", async () => {
    // lib/state/readiness.ts imports lib/state/index.ts.
    const code = 'import * as readiness from "./readiness";\nexport const x = readiness;\n';
    expect(await importErrors("lib/state/index.ts", code)).toEqual(["import/no-cycle"]);
  });

  it("accept the edges the design names", async () => {
    const code = [
      'import { delivery } from "../delivery";',
      'import { createWorkspaceClient } from "../workspace";',
      'import { log } from "../observability/log.mjs";',
      "export const x = [delivery, createWorkspaceClient, log];",
      "",
    ].join("\n");
    expect(await importErrors("lib/newsletter/fixture.ts", code)).toEqual([]);
    const search = 'import * as blog from "../blog/model";\nexport const x = blog;\n';
    expect(await importErrors("lib/search/fixture.ts", search)).toEqual([]);
  });
});

/*
 * Only Next's documented surface (nextjs.org/docs), so that a team takes a Next release by
 * changing one version number: no module under next/dist/ but the CLI the launcher runs, none of
 * Next's private globals, symbols or environment variables, nothing that rewrites a request from
 * Node's diagnostics channels (which Next gives no promise about), and a caret range on Next.
 */
describe("only Next's documented surface", () => {
  const root = path.resolve(__dirname, "../..");
  const productFiles = (): string[] => {
    const files = ["proxy.ts", "instrumentation.ts", "next.config.mjs"];
    for (const dir of ["app", "lib", "components"])
      for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }))
        if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry)) files.push(path.join(dir, entry));
    return files;
  };
  const sources = new Map(productFiles().map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
  const holding = (pattern: RegExp) => [...sources].filter(([, text]) => pattern.test(text)).map(([f]) => f);

  it("reads the product's files", () => {
    expect(sources.size).toBeGreaterThan(100);
    expect(sources.has("lib/launcher/server.ts")).toBe(true);
  });

  it("imports nothing from next/dist/ but the CLI entry", () => {
    const uses = [...sources].flatMap(([file, text]) =>
      [...text.matchAll(/next\/dist\/[\w./-]*/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(uses.filter((use) => !use.endsWith("next/dist/bin/next"))).toEqual([]);
  });

  it("uses none of Next's private symbols, globals or environment variables", () => {
    expect(holding(/Symbol\.for\(\s*["'`]@next\//)).toEqual([]);
    expect(holding(/__NEXT_PRIVATE_/)).toEqual([]);
    expect(holding(/_nextOriginalFetch/)).toEqual([]);
    expect(holding(/__incrementalCache|__NEXT_[A-Z_]*CACHE/)).toEqual([]);
  });

  it("changes no request from Node's http.server.request.start channel", () => {
    // The graceful shutdown counts requests there and changes nothing about them.
    expect(holding(/http\.server\.request\.start/)).toEqual(["lib/launcher/shutdown.ts"]);
    const shutdown = sources.get("lib/launcher/shutdown.ts")!;
    expect(shutdown).not.toMatch(/request\.(url|headers|method)\b[^=;\n]*=[^=]/);
  });

  it("takes next and eslint-config-next by a caret range", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies.next).toMatch(/^\^16\./);
    expect(pkg.devDependencies["eslint-config-next"]).toMatch(/^\^16\./);
  });
});
