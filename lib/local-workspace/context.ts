import type { FaultInjector } from "./faults";
import type { RequestStats } from "./stats";
import type { Db } from "./store";

/** Everything a route handler may need, built once per request by the router. */
export type RouteContext = {
  db: Db;
  request: Request;
  url: URL;
  /** Origin the client used (scheme + Host), for absolute links and image URLs. */
  origin: string;
  /** Workspace named by the Host subdomain; undefined when it names none. */
  workspaceId: string | undefined;
  now: Date;
  params: Record<string, string>;
  services: {
    faults: FaultInjector;
    stats: RequestStats;
    reset(opts?: { posts?: number; members?: number }): void;
  };
};

/** Route handlers for /api/external/ run after authentication, so the workspace is known. */
export type ApiContext = RouteContext & { workspaceId: string };

export type RouteHandler<C extends RouteContext = RouteContext> = (ctx: C) => Response | Promise<Response>;
