import { existsSync } from "node:fs";

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
