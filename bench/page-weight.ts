/*
 * Page weight (section "weight"): decoded HTML bytes of the public pages and where they go, and
 * RSC (prefetch) requests during a view in Chromium. Bytes and request counts are deterministic;
 * how fast a page is served is the serving section's.
 */
import { chromium } from "playwright";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/helpers/chromium";
import {
  PAGE_WEIGHT_TARGETS,
  htmlBreakdown,
  prefetchesDuringView,
  type HtmlBreakdown,
} from "../tests/helpers/page-weight";
import { log } from "./lib";
import { section, type Target } from "./section";

type PageWeight = HtmlBreakdown & {
  path: string;
  /** Most RSC requests seen in one view, over a phone-sized and a desktop-sized viewport. */
  prefetchRequests: number;
  prefetchedPaths: string[];
};

/** Phone (Lighthouse's Moto G Power) and desktop: which links are on screen differs. */
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

async function measurePageWeight(siteUrl: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const out: PageWeight[] = [];
  try {
    for (const path of paths) {
      const res = await fetch(`${siteUrl}${path}`, { signal: AbortSignal.timeout(15_000) });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      let worst: string[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({ viewport });
        try {
          const seen = await prefetchesDuringView(await context.newPage(), `${siteUrl}${path}`);
          if (seen.length > worst.length) worst = seen;
        } finally {
          await context.close();
        }
      }
      const weight = { path, ...htmlBreakdown(html), prefetchRequests: worst.length, prefetchedPaths: worst };
      log(
        `page weight ${path}: ${weight.bytes} B HTML (RSC payload ${weight.rscBytes} B), ` +
          `${weight.prefetchRequests} RSC requests during a view`,
      );
      out.push(weight);
    }
  } finally {
    await browser.close();
  }
  return out;
}

type Kind = "post" | "blog" | "home";

/** Rows for the bench's targets table. `kind` says which target a page is held to. */
function pageWeightTargets(pages: (PageWeight & { kind: Kind })[]): Target[] {
  const rows: Target[] = [];
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  for (const p of pages) {
    const limit =
      p.kind === "post"
        ? PAGE_WEIGHT_TARGETS.postHtmlBytes
        : p.kind === "blog"
          ? PAGE_WEIGHT_TARGETS.blogHtmlBytes
          : undefined;
    rows.push({
      name: `HTML bytes ${p.path} (decoded; RSC payload ${kb(p.rscBytes)})`,
      value: kb(p.bytes),
      target: limit ? `<= ${kb(limit)}` : "reported",
      pass: limit ? p.bytes <= limit : null,
    });
  }
  for (const p of pages) {
    rows.push({
      name: `prefetch (RSC) requests during a view of ${p.path}`,
      value: String(p.prefetchRequests),
      target: `<= ${PAGE_WEIGHT_TARGETS.prefetchRequests}`,
      pass: p.prefetchRequests <= PAGE_WEIGHT_TARGETS.prefetchRequests,
    });
  }
  return rows;
}

export const pageWeight = section({
  name: "weight",
  needs: "site",
  async run({ site, postPath }) {
    const kinds: Record<string, Kind> = { "/": "home", "/blog": "blog", [postPath]: "post" };
    const measured = await measurePageWeight(site.url, Object.keys(kinds));
    return { pages: measured.map((p) => ({ ...p, kind: kinds[p.path] ?? "post" })) };
  },
  targets: (pw) => pageWeightTargets(pw.pages),
  tables(pw) {
    return [
      {
        header: [
          "page weight (decoded HTML)",
          "bytes",
          "RSC payload",
          "JSON-LD",
          "<head>",
          "srcset",
          "prefetch requests",
        ],
        rows: pw.pages.map((p) => [
          p.path,
          String(p.bytes),
          String(p.rscBytes),
          String(p.jsonLdBytes),
          String(p.headBytes),
          String(p.srcsetBytes),
          String(p.prefetchRequests),
        ]),
      },
    ];
  },
});
