import { chromium } from "playwright";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/helpers/chromium";
import { log } from "./lib";
import { section } from "./section";

/*
 * Script bytes transferred (compressed, with headers) by a cold load of /, /blog and a post in
 * Chromium, against the not-found page of the same build: it carries the same root layout and
 * no page of its own, so it is the framework's floor, and a page may not add a byte to it.
 */

type Measured = { jsBytes: number; status: number };

export const javascript = section({
  name: "javascript",
  needs: "site",
  async run({ ports, postPath }) {
    const browser = await chromium.launch({
      executablePath: chromiumPath() ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    const measure = async (p: string): Promise<Measured> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on("requestfinished", (req) => {
        if (req.resourceType() !== "script") return;
        scripts.push(
          req
            .sizes()
            .then((s) => s.responseBodySize + s.responseHeadersSize)
            .catch(() => 0),
        );
      });
      const response = await page.goto(`http://localhost:${ports.site}${p}`, {
        waitUntil: "networkidle",
        timeout: 60_000,
      });
      await page.waitForTimeout(500);
      const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      await context.close();
      return { jsBytes: total, status: response?.status() ?? 0 };
    };
    try {
      const emptyPath = `/bench-empty-${Date.now().toString(36)}`;
      const empty = await measure(emptyPath);
      const pages = [];
      for (const p of ["/", "/blog", postPath]) {
        const m = await measure(p);
        pages.push({ path: p, jsBytes: m.jsBytes, ratio: m.jsBytes / empty.jsBytes });
      }
      log(
        `javascript: empty page ${empty.jsBytes} B; ${pages.map((p) => `${p.path} ${p.jsBytes} B`).join(", ")}`,
      );
      return { emptyPage: { path: emptyPath, ...empty }, pages };
    } finally {
      await browser.close();
    }
  },
  targets: (js) =>
    js.pages.map((p) => ({
      name: `JS bytes ${p.path} / empty page (the floor)`,
      value: `${p.jsBytes} B (${p.ratio.toFixed(3)}x)`,
      target: "<= 1.000x",
      pass: p.jsBytes <= js.emptyPage.jsBytes,
    })),
  tables: () => [],
});
