import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Which lib/ folders each lib/ folder may import besides itself, lowest first; app/ and the rest on top.
const BOTTOM = ["i18n", "config", "memo", "observability", "state", "http"];
const MAY_IMPORT = {
  i18n: [], // the interface's words: catalogues and Intl, nothing else
  config: ["i18n"], // configuration: the site's language and phrases, nothing else of Masthead's
  memo: [], // the per-process registry: imports nothing at all
  observability: ["config", "memo"], // the logger and metrics: everything may log and count
  state: ["config", "memo", "observability"],
  http: ["config", "memo", "observability", "state"],
  workspace: BOTTOM,
  "local-workspace": BOTTOM, // the other side of HTTP: never the client
  "next-cache": BOTTOM,
  delivery: [...BOTTOM, "workspace"],
  blog: [...BOTTOM, "workspace", "next-cache"], // hears the blog tag's revalidations as the cache does
  search: [...BOTTOM, "blog"], // indexes the blog in memory; never asks the workspace
  newsletter: [...BOTTOM, "workspace", "delivery"], // a signup the workspace cannot take waits
  admin: [...BOTTOM, "workspace", "delivery"], // the failed signups, the backlog on the dashboard
  // shutdown stops the delivery worker; the site's server asks the blog store and the search limits
  launcher: [...BOTTOM, "delivery", "blog", "search"],
};
const libFolders = readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = libFolders.filter((name) => !(name in MAY_IMPORT));
if (unplaced.length > 0)
  throw new Error(
    `eslint.config.mjs: place lib/${unplaced.join(", lib/")} in MAY_IMPORT (what it may import)`,
  );

const layerZones = [
  ...Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
    target: `./lib/${folder}`,
    from: "./lib",
    except: [folder, ...allowed].map((name) => `./${name}`),
    message: `lib/${folder} may import only lib/${[folder, ...allowed].join(", lib/")} (eslint.config.mjs, MAY_IMPORT).`,
  })),
  {
    target: "./lib",
    from: ["./app", "./components", "./proxy.ts", "./instrumentation.ts", "./instrumentation-node.ts"],
    message: "lib/ is imported by app/ and components/, never the other way.",
  },
  { target: "./components", from: ["./app"], message: "components/ never import routes (app/)." },
  {
    target: ["./app", "./components", "./proxy.ts", "./instrumentation.ts", "./instrumentation-node.ts"],
    from: ["./lib/local-workspace"],
    message: "The site reaches the local workspace over HTTP (lib/workspace), never by import.",
  },
  {
    target: ["./app", "./components", "./proxy.ts"],
    from: ["./lib/launcher"],
    message: "lib/launcher is `npm start`, the site's server and the shutdown instrumentation.ts installs.",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Imports run one way (README.md): the product's code, not its tests and benchmarks.
    files: ["lib/**", "app/**", "components/**", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"],
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Reshaping the bench cannot break the suite.
    files: ["tests/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: "./tests",
              from: "./bench",
              message: "Tests never import bench/; shared fixtures live in tests/helpers.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([".next-*/**", "data/**", "test-results/**", "playwright-report/**", "bench-results/**"]),
]);
