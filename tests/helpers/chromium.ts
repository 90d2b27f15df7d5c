import { existsSync } from "node:fs";
import { chromium } from "playwright";

/*
 * How Masthead's tools start Chromium on these machines (Playwright, Lighthouse): Debian's
 * chromium where present, since a browser download cannot work here, with the flags that keep
 * it from reaching for the network it does not have.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** CHROMIUM_PATH (or CHROME_PATH), else /usr/bin/chromium when it exists, else undefined (Playwright's own). */
export function chromiumPath(): string | undefined {
  return (
    process.env.CHROMIUM_PATH ||
    process.env.CHROME_PATH ||
    (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
  );
}

/**
 * The Chromium the browser tests will use, or an error that says exactly how to get one: on a
 * laptop with neither a system Chromium nor Playwright's own browser, `npm test` should stop at
 * once with the command to run, not fail every test with a launch error.
 */
export function requireChromium(): string | undefined {
  const chosen = chromiumPath();
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    throw new Error(`CHROMIUM_PATH/CHROME_PATH points at ${chosen}, which does not exist.`);
  }
  if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  throw new Error(
    [
      "The browser tests need Chromium, and none was found.",
      "  Debian/Ubuntu:  sudo apt-get install chromium",
      "  Anywhere else:  npx playwright install chromium",
      "  Or point CHROMIUM_PATH at an installed Chromium or Chrome.",
    ].join("\n"),
  );
}
