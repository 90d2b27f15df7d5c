import { CHROMIUM_ARGS, chromiumPath } from "../tests/helpers/chromium";
import { sleep } from "../tests/helpers/until";
import { log } from "./lib";
import { section } from "./section";

/*
 * Lighthouse (mobile) on /, /blog and a post: the four category scores, and for any audit
 * below full marks its id and first few items, so a miss says where to look.
 */

type LighthousePage = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  error?: string;
  belowFull?: { id: string; score: number; displayValue?: string; details?: string[] }[];
};

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

export const lighthouse = section({
  name: "lighthouse",
  needs: "site",
  async run({ ports, postPath }) {
    const run = (await import("lighthouse")).default;
    const chromeLauncher = await import("chrome-launcher");
    const pages: LighthousePage[] = [];
    for (const p of ["/", "/blog", postPath]) {
      // A fresh browser per page: no warm cache or service state carried from the previous page.
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath() ?? "/usr/bin/chromium",
        chromeFlags: CHROME_FLAGS,
      });
      try {
        const url = `http://localhost:${ports.site}${p}`;
        log(`lighthouse (mobile) ${url}`);
        const result = await Promise.race([
          run(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            formFactor: "mobile",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          }),
          sleep(180_000).then(() => undefined),
        ]);
        const lhr = result?.lhr;
        const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
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
                  .map((it) =>
                    String(it.description ?? it.url ?? it.source ?? JSON.stringify(it)).slice(0, 200),
                  );
                return {
                  id: a.id,
                  score: a.score ?? 0,
                  displayValue: a.displayValue,
                  ...(details.length ? { details } : {}),
                };
              })
          : undefined;
        pages.push({
          path: p,
          belowFull,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : !lhr ? { error: "timed out" } : {}),
        });
        if (belowFull?.length) log(`  audits below 100 on ${p}: ${belowFull.map((a) => a.id).join(", ")}`);
      } finally {
        await chrome.kill();
      }
    }
    return { pages };
  },
  targets: (lh) =>
    lh.pages.map((p) => {
      const scores = [p.performance, p.accessibility, p.bestPractices, p.seo];
      return {
        name: `lighthouse mobile ${p.path} (perf/a11y/bp/seo)`,
        value: p.error ? `error: ${p.error}` : scores.join("/"),
        target: "100/100/100/100",
        pass: !p.error && scores.every((s) => s === 100),
      };
    }),
  tables: () => [],
});
