import type { Page } from "playwright";

/*
 * What a public page weighs, measured the same way by the e2e budget test
 * (tests/e2e/page-weight.spec.ts) and the bench (bench/page-weight.ts): decoded HTML
 * bytes, where they go, and how many RSC requests (link prefetches) a view fires.
 */

/**
 * What the demo blog's pages are held to (decimal kilobytes: 45.6 KB = 45,598 B), by the e2e
 * budget test (tests/e2e/page-weight.spec.ts) and the bench (which prints the figures); what
 * each byte goes to is in docs/performance.md.
 */
export const PAGE_WEIGHT_TARGETS = {
  postHtmlBytes: 31_000,
  blogHtmlBytes: 45_000,
  /** RSC requests a view may fire before the reader touches anything. */
  prefetchRequests: 2,
} as const;

/**
 * What the e2e test holds the demo blog's pages to: the level reached plus a small margin,
 * below the targets, so a regression fails before it eats the headroom (the bench prints the
 * figures against the targets; docs/performance.md says what each byte goes to).
 */
export const PAGE_WEIGHT_CEILINGS = {
  postHtmlBytes: 30_800,
  blogHtmlBytes: 40_200,
  homeHtmlBytes: 32_000,
} as const;

export type HtmlBreakdown = {
  /** The whole document, decoded (what the budget is about). */
  bytes: number;
  /** Next's inline RSC payload: the `self.__next_f.push(...)` scripts. */
  rscBytes: number;
  /** JSON-LD blocks. */
  jsonLdBytes: number;
  /** Everything inside <head>. */
  headBytes: number;
  /** `srcset`/`imagesrcset` attribute values (responsive image candidates). */
  srcsetBytes: number;
};

export function htmlBreakdown(html: string): HtmlBreakdown {
  const bytes = (s: string) => Buffer.byteLength(s, "utf8");
  const sum = (re: RegExp) => [...html.matchAll(re)].reduce((n, m) => n + bytes(m[0]), 0);
  const headEnd = html.indexOf("</head>");
  return {
    bytes: bytes(html),
    rscBytes: sum(/<script>\(?self\.__next_f[\s\S]*?<\/script>/g),
    jsonLdBytes: sum(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g),
    headBytes: headEnd > 0 ? bytes(html.slice(0, headEnd)) : 0,
    srcsetBytes: sum(/\b(?:srcSet|srcset|imageSrcSet|imagesrcset)="[^"]*"/g),
  };
}

/** An RSC request: a link prefetch or a client navigation's data (Next marks both with `RSC: 1`). */
export function isRscRequest(headers: Record<string, string>, url: string): boolean {
  return headers["rsc"] === "1" || /[?&]_rsc=/.test(url);
}

/**
 * Loads `url` and reads the whole page the way a reader does without touching a link: scrolls
 * to the end so every link has been on screen (Next prefetches links as they enter the
 * viewport), then waits for the network to settle. Returns the RSC requests fired meanwhile.
 */
export async function prefetchesDuringView(page: Page, url: string): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (req: { url(): string; headers(): Record<string, string> }) => {
    if (isRscRequest(req.headers(), req.url())) seen.push(new URL(req.url()).pathname);
  };
  page.on("request", onRequest);
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
    });
    // Prefetches start from an IntersectionObserver callback and an idle task; networkidle
    // (no request for 500 ms) then says they have all been sent and answered.
    await page.waitForLoadState("networkidle");
    // Deliberate: an idle task may start its prefetch after the first quiet 500 ms.
    await page.waitForTimeout(600);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("request", onRequest);
  }
  return seen;
}
