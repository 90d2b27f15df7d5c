/* Types for app-handoff.mjs: the one module Next's cache handler and the app both import. */

export type Handoff = {
  /** Answered by Next's cache handler: when `tag` was last revalidated (epoch ms, 0 if never). */
  tagRevalidatedAt: (tag: string) => number;
  /** Answered by the blog store: whether `pathname` certainly names nothing (answer the not-found page). */
  isUnknownAddress: (pathname: string) => boolean;
};

export declare function connectHandoff(answers: Partial<Handoff>): void;
export declare function tagRevalidatedAt(tag: string): number;
export declare function isUnknownAddress(pathname: string): boolean;
