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
    const blog = 'import { BUSY_PATH } from "../search/refuse-early";\nexport const x = BUSY_PATH;\n';
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
