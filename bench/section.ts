import type { SiteProcess, WorkspaceProcess } from "./lib";

/*
 * The one shape of a bench section. bench/run.ts only orchestrates: it makes what a section
 * says it needs, calls `run` once, and prints `tables` and `targets` of every section that ran.
 * A section module exports one `Section` and keeps everything else private.
 */

/** One line of the targets table; `pass: null` is a figure that is reported, not judged. */
export type Target = { name: string; value: string; target: string; pass: boolean | null };

export type Table = { header: string[]; rows: string[][] };

export type BuildResult = {
  posts: number;
  postsInWorkspace: number;
  ok: boolean;
  wallMs: number;
  peakRssBytes: number;
  upstreamRequests: number;
  upstreamByRoute: Record<string, number>;
  prerenderedHtmlFiles: number;
  prerenderedRoutes: number;
  error?: string;
};

/** What every section gets. */
export type BaseContext = {
  quick: boolean;
  /** Leave the build folders a section made (--keep-builds). */
  keepBuilds: boolean;
  /** The blog sizes of the scale section (--posts 1000,10000), or null for its defaults. */
  posts: number[] | null;
  /** How long the soak holds its load (--soak-seconds, 600 by default). */
  soakSeconds: number;
  /** Node flags for the soak's server (--soak-node-options). */
  soakNodeOptions: string[];
  /** The ports this bench may listen on (BENCH_SITE_PORT, BENCH_WORKSPACE_PORT). */
  ports: { site: number; workspace: number };
};

/** The 100-post build and the workspace it was built from (still running). */
export type BuildContext = BaseContext & {
  distDir: string;
  ws: WorkspaceProcess;
  build: BuildResult;
  /** When the build finished (Date.now()): the pages' ISR clock starts there. */
  builtAt: number;
};

/** The shared `next start` of that build (TRUST_PROXY=1, so X-Forwarded-For names the client). */
export type SiteContext = BuildContext & {
  site: SiteProcess;
  /** The first post linked from /blog. */
  postPath: string;
};

type Contexts = { none: BaseContext; build: BuildContext; site: SiteContext };

export type Section<Result, Needs extends keyof Contexts = keyof Contexts> = {
  /** What `--only` calls it. */
  name: string;
  /**
   * "site": measured against the shared server, one section after another;
   * "build": the build's folder and workspace, with a server of its own on the site port;
   * "none": processes of its own only.
   */
  needs: Needs;
  run(ctx: Contexts[Needs]): Promise<Result>;
  targets(result: Result): Target[];
  tables(result: Result): Table[];
};

/** Identity: lets TypeScript infer a section's result type from its `run`. */
export function section<Result, Needs extends keyof Contexts>(
  s: Section<Result, Needs>,
): Section<Result, Needs> {
  return s;
}

export function fmtMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return "n/a";
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`;
}

/** The middle value (the upper one of an even count): rounds are few and interleaved. */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

export function countStatus(map: Record<string, number>, status: number | string): void {
  map[String(status)] = (map[String(status)] ?? 0) + 1;
}

export async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
