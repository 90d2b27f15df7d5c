import { CHROMIUM_ARGS, chromiumPath } from "../tests/helpers/chromium";
import { sleep } from "../tests/helpers/until";

/*
 * One Lighthouse run (mobile, its default simulated throttling) in a fresh headless Chromium:
 * no warm cache or service state carried from an earlier page. Used by the lighthouse section
 * and, beside the bare Next control app, by the serving section.
 */

export type MobileAudit = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Simulated metrics, ms (CLS unitless); undefined when the run failed. */
  metrics?: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  error?: string;
  /** Every scored audit below full marks, with its first few items: where a miss comes from. */
  belowFull?: { id: string; score: number; displayValue?: string; details?: string[] }[];
};

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
const TIMEOUT_MS = 180_000;

export async function auditMobile(url: string): Promise<MobileAudit> {
  const run = (await import("lighthouse")).default;
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await Promise.race([
      run(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      }),
      sleep(TIMEOUT_MS).then(() => undefined),
    ]);
    const lhr = result?.lhr;
    const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
    const belowFull = lhr
      ? Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "manual",
          )
          .map((a) => {
            const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
            const details = items
              .slice(0, 5)
              .map((it) => String(it.description ?? it.url ?? it.source ?? JSON.stringify(it)).slice(0, 200));
            return {
              id: a.id,
              score: a.score ?? 0,
              displayValue: a.displayValue,
              ...(details.length ? { details } : {}),
            };
          })
      : undefined;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      ...(lhr && !lhr.runtimeError
        ? {
            metrics: {
              fcpMs: numeric("first-contentful-paint"),
              lcpMs: numeric("largest-contentful-paint"),
              tbtMs: numeric("total-blocking-time"),
              cls: numeric("cumulative-layout-shift"),
            },
          }
        : {}),
      belowFull,
      ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : !lhr ? { error: "timed out" } : {}),
    };
  } finally {
    await chrome.kill();
  }
}
