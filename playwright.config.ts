import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, requireChromium } from "./tests/helpers/chromium";

/*
 * End-to-end tests run in real Chromium against `npm start` on its own ports, its own
 * build folder and a freshly reset local workspace, so they never disturb a running dev site.
 */
// Every build the suites make skips Next's type-check step: `npm run typecheck` does it once.
process.env.SKIP_BUILD_TYPECHECK ??= "1";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKSPACE_PORT = Number(process.env.E2E_WORKSPACE_PORT ?? 4110);

/** Stops `npm test` at once, with the command to run, when there is no Chromium to test in. */
function chromiumOrExit(): string | undefined {
  try {
    return requireChromium();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

export default defineConfig({
  testDir: "tests/e2e",
  // Per-run folder so parallel runs in one checkout do not delete each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumOrExit(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node --import tsx lib/launcher/start.ts --reset-workspace",
    url: `http://localhost:${E2E_PORT}/`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      LOCAL_WORKSPACE_PORT: String(E2E_WORKSPACE_PORT),
      LOCAL_WORKSPACE_DATA_DIR: process.env.E2E_DATA_DIR ?? "data/e2e-workspace",
      // Signups kept while the workspace fails: apart from a dev server's store in the same checkout.
      DELIVERY_STORE_PATH: process.env.E2E_DELIVERY_STORE ?? "data/e2e-delivery.sqlite",
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      // The suite's post pages are the site's own (canonical, feed links); the demo's default
      // full-article page in the local workspace is walked by tests/e2e/site-language.spec.ts.
      BLOG_POST_URL_TEMPLATE: process.env.BLOG_POST_URL_TEMPLATE ?? "off",
      // The suites play the proxy in front of the site: each request names its client in
      // X-Forwarded-For, so one suite's readers and attackers do not share one budget.
      // tests/e2e/client-identity.spec.ts runs a second server without it (the default).
      TRUST_PROXY: "1",
    },
  },
});
