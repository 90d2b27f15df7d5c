import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // server-only throws outside React Server Components; tests run modules directly.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/contract/**/*.test.ts"],
    environment: "node",
    // The suites' builds skip Next's type-check step: `npm run typecheck` does it once.
    env: { SKIP_BUILD_TYPECHECK: "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Contract suites start real HTTP servers on ephemeral ports; two cores, so keep it modest.
    maxWorkers: 2,
  },
});
