/* Types for next-internals.mjs: plain JavaScript, loaded by Node as it is (with the cache handler). */

export declare const NEXT_VERSIONS: string;
export declare const NEXT_CACHE_TAGS_HEADER: string;
export declare const ENTRY_KINDS: Readonly<{ APP_PAGE: "APP_PAGE"; APP_ROUTE: "APP_ROUTE"; FETCH: "FETCH" }>;

type Load = (id: string) => unknown;

export declare function installFetchCache(handlerClass: new (...args: never[]) => unknown): void;
export declare function fileSystemCache(load?: Load): new (ctx: Record<string, unknown>) => {
  get(key: string, ctx: object): Promise<unknown>;
  set(key: string, data: unknown, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
export declare function cacheControlHeader(
  lifetime: { revalidate: number | false; expire?: number },
  load?: Load,
): string;
export declare function unpatchedFetch(): typeof fetch;
export declare function serverOrigin(): string | undefined;
export declare function addressOfCacheKey(key: string): string;
export declare function buildIdFile(serverDistDir: string): string;
export declare function notFoundPageFiles(serverDistDir: string): {
  html: string;
  rsc: string;
  meta: string;
  segment: (segmentPath: string) => string;
  prerenderManifest: string;
  route: string;
};

export type NextInternalsProblem = { piece: string; where: string; problem: string };

export declare function checkNextInternals(load?: Load): NextInternalsProblem[];

export declare class NextInternalsError extends Error {
  readonly problems: NextInternalsProblem[];
}

export declare function assertNextInternals(load?: Load): void;
