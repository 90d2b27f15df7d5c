import type { MobileAudit } from "./lighthouse-audit";
import type { AutocannonSummary } from "./load-run";

/*
 * What the serving section (bench/serving.ts) measures, how long, and the figures it returns:
 * shared by the run, the control app it is compared with (bench/serving-control.ts) and the
 * report (bench/serving-report.ts).
 */

export const DIST_DIR = ".next-bench-serving";
export const POST = "/blog/shipping-a-static-blog-that-feels-live";
export const PAGES = [POST, "/blog", "/"] as const;
export const ROUTES = ["/robots.txt", "/feed.xml", "/sitemap.xml"] as const;
export const ROUNDS = 9;
/** Each server runs twice a round (bench/serving.ts). */
export const LOAD_SECONDS = 1;
export const WARM_SECONDS = 2;
export const CONNECTIONS = 10;
export const FILL_REQUESTS = 60_000;
export const MEMORY_REQUESTS = 24_000;
export const RSS_SAMPLE_EVERY = 2_000;
export const LIGHTHOUSE_RUNS = 3;

export type PathFigures = {
  path: string;
  mastheadBytes: number;
  controlBytes: number;
  masthead: AutocannonSummary[];
  control: AutocannonSummary[];
  mastheadRps: number;
  controlRps: number;
  mastheadP50Ms: number;
  controlP50Ms: number;
  rpsRatio: number;
  /** The middle half of the rounds' ratios (25th to 75th percentile): how far one round strays. */
  rpsRatioMiddleHalf: [number, number];
  p50Ratio: number;
  /** Server CPU time per request, µs (medians over the rounds). */
  mastheadCpuUs: number;
  controlCpuUs: number;
  cpuRatio: number;
};

export type ServingBenchResult = {
  /** The Node.js both Masthead and the control ran on (the bench's own). */
  node: string;
  paths: PathFigures[];
  /** Lighthouse (mobile) on the post page, each server in turn. */
  lighthouse: { masthead: MobileAudit[]; control: MobileAudit[] };
  redis: { runs: AutocannonSummary[]; rps: number; p50Ms: number; ratioToEmbedded: number };
  unknown: {
    runs: AutocannonSummary[];
    rps: number;
    /** The post page's req/s in the same rounds. */
    postRps: number;
    ratioToKnown: number;
    statuses: Record<string, number>;
    memory: {
      requests: number;
      /** RSS after every RSS_SAMPLE_EVERY requests. */
      rssSamplesBytes: number[];
      firstHalfPeakBytes: number;
      secondHalfPeakBytes: number;
      growth: number;
    };
  };
};
