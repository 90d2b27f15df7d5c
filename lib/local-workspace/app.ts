import { authenticate, resolveWorkspace } from "./auth";
import { logLine } from "../observability/log.mjs";
import type { ApiContext, RouteContext, RouteHandler } from "./context";
import { FaultInjector } from "./faults";
import { HttpError, errorResponse, localWriteRefusal } from "./http";
import { LOCAL_DEMO_API_KEY } from "./keys";
import { DEFAULT_RATE_LIMIT, FixedWindowRateLimiter, type RateLimitOptions } from "./rate-limit";
import * as blog from "./routes/blog";
import * as local from "./routes/local";
import { addSubscriber } from "./routes/subscribers";
import * as members from "./members";
import { resetAndSeed, seedDemo } from "./seed";
import { RequestStats } from "./stats";
import { DEFAULT_DATA_DIR, openStore, type Db } from "./store";

export type LocalWorkspaceOptions = {
  /** Directory of the SQLite file; ":memory:" for a throwaway store. Default `data/local-workspace`. */
  dataDir?: string;
  /** Seed the demo content when the store is empty (default true). */
  seed?: boolean;
  /** Wipe and re-seed on open (optionally with synthetic data), before any request is served. */
  reset?: boolean | { posts?: number; members?: number };
  /** Key of the default workspace (LOCAL_WORKSPACE_API_KEY). */
  apiKey?: string;
  rateLimit?: RateLimitOptions;
  now?: () => Date;
  /** Where unexpected errors are reported; defaults to the logger (component "local-workspace"). */
  log?: (line: string) => void;
};

export type LocalWorkspaceHandler = (request: Request) => Promise<Response>;

export type LocalWorkspace = LocalWorkspaceHandler & {
  db: Db;
  /** Wipes and re-seeds (plus optional synthetic posts/members), clearing stats, faults and rate limits. */
  reset(opts?: { posts?: number; members?: number }): void;
  /** Ends pending fault hangs and closes the database. */
  close(): void;
};

type Method = "GET" | "HEAD" | "POST" | "PATCH" | "PUT" | "DELETE" | "OPTIONS";

type Route = {
  /** Segments; `:name` captures one segment. */
  pattern: string;
  api: boolean;
  methods: Partial<Record<Method, RouteHandler<never>>>;
};

const V2 = "/api/external/v2";
const V1 = "/api/external/v1";

const ROUTES: Route[] = [
  {
    pattern: `${V2}/team-members`,
    api: true,
    methods: { GET: members.listTeamMembersV2, POST: members.addTeamMembersV2 },
  },
  {
    pattern: `${V2}/team-members/:id`,
    api: true,
    methods: {
      GET: members.getTeamMemberV2,
      PATCH: members.updateTeamMemberV2,
      DELETE: members.removeTeamMemberV2,
    },
  },
  { pattern: `${V2}/email-subscriptions`, api: true, methods: { POST: addSubscriber } },
  { pattern: `${V2}/blog-posts`, api: true, methods: { GET: blog.listBlogPostsV2 } },
  { pattern: `${V2}/blog-posts/slugs`, api: true, methods: { GET: blog.listBlogSlugsV2 } },
  {
    pattern: `${V1}/team_members`,
    api: true,
    methods: { POST: members.addTeamMembersV1, DELETE: members.removeTeamMembersV1 },
  },
  { pattern: `${V1}/team_members/:id`, api: true, methods: { PATCH: members.updateTeamMemberV1 } },
  { pattern: `${V1}/blog_posts`, api: true, methods: { GET: blog.listBlogPostsV1 } },
  { pattern: "/__local", api: false, methods: { GET: local.index } },
  { pattern: "/__local/health", api: false, methods: { GET: local.health } },
  { pattern: "/__local/outbox", api: false, methods: { GET: local.outbox } },
  { pattern: "/__local/verify", api: false, methods: { GET: local.verify } },
  { pattern: "/__local/invitations/:token", api: false, methods: { GET: local.invitation } },
  { pattern: "/__local/images/:kind/:file", api: false, methods: { GET: local.image } },
  { pattern: "/__local/reset", api: false, methods: { POST: local.reset } },
  { pattern: "/__local/posts/:slug", api: false, methods: { PATCH: local.editPost } },
  { pattern: "/__local/articles/:slug", api: false, methods: { GET: local.article } },
  { pattern: "/__local/stats", api: false, methods: { GET: local.stats } },
  { pattern: "/__local/stats/reset", api: false, methods: { POST: local.resetStats } },
  {
    pattern: "/__local/faults",
    api: false,
    methods: { GET: local.getFaults, POST: local.setFaults, DELETE: local.clearFaults },
  },
];

function match(pathname: string): { route: Route; params: Record<string, string>; label: string } | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  for (const route of ROUTES) {
    const pat = route.pattern.split("/");
    if (pat.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pat.length && ok; i++) {
      const p = pat[i]!;
      if (p.startsWith(":")) {
        try {
          params[p.slice(1)] = decodeURIComponent(parts[i]!);
        } catch {
          ok = false;
        }
        if (parts[i] === "") ok = false;
      } else ok = p === parts[i];
    }
    // Stats group id routes under their pattern so counts stay bounded.
    if (ok) return { route, params, label: route.pattern.replace(":id", "{id}") };
  }
  return null;
}

function allowed(route: Route): string[] {
  const methods = Object.keys(route.methods);
  if (methods.includes("GET")) methods.push("HEAD");
  return methods;
}

/** Creates the in-process handler, closable. */
export function createLocalWorkspace(options: LocalWorkspaceOptions = {}): LocalWorkspace {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? logLine("local-workspace", "error");
  const apiKey = options.apiKey ?? LOCAL_DEMO_API_KEY;
  const db = openStore(options.dataDir ?? DEFAULT_DATA_DIR);
  if (options.reset) {
    const extra = options.reset === true ? {} : options.reset;
    resetAndSeed(db, { apiKey, now: now(), ...extra });
  } else if (options.seed !== false) seedDemo(db, { apiKey, now: now() });

  const faults = new FaultInjector();
  const stats = new RequestStats(() => now().getTime());
  const limiter = new FixedWindowRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, () => now().getTime());
  const services: RouteContext["services"] = {
    faults,
    stats,
    limiter,
    reset(opts) {
      resetAndSeed(db, { apiKey, now: now(), posts: opts.posts, members: opts.members });
      stats.reset(now());
      faults.clear();
      limiter.reset();
    },
  };

  async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const pathname = url.pathname;
    const isApi = pathname.startsWith("/api/external/");
    const found = match(pathname);
    if (isApi) {
      // One bucket for every unknown path: counting them by raw path would grow without bound.
      stats.record(request.method, found?.label ?? "(no route)");
      const injected = await faults.apply(pathname, request.signal);
      if (injected) return injected;
    }
    if (!found) return errorResponse(404, "Not found");

    const method = (request.method === "HEAD" && found.route.methods.GET ? "GET" : request.method) as Method;
    const handler = found.route.methods[method];
    if (!handler) return errorResponse(405, "Method not allowed", { allow: allowed(found.route).join(", ") });
    if (!found.route.api && method !== "GET") {
      const refusal = localWriteRefusal(request);
      if (refusal) {
        await request.body?.cancel().catch(() => {});
        throw refusal;
      }
    }

    const workspaceId = resolveWorkspace(db, url.host);
    const ctx: RouteContext = {
      db,
      request,
      url,
      // The node adapter builds request.url from the Host header, so it is the client's origin both
      // over HTTP and for in-process `new Request("http://acme.localhost/...")` calls.
      origin: url.origin,
      workspaceId,
      now: now(),
      params: found.params,
      services,
    };
    if (found.route.api) {
      const keyId = authenticate(db, workspaceId, request.headers.get("x-api-key"), ctx.now);
      const retryAfter = limiter.hit(String(keyId));
      if (retryAfter !== null)
        return errorResponse(429, "Rate limit exceeded", { "retry-after": String(retryAfter) });
    }
    return (handler as RouteHandler<ApiContext>)(ctx as ApiContext);
  }

  const handle: LocalWorkspaceHandler = async (request) => {
    try {
      return await dispatch(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
      // Never leak internals to the client; the log line is for whoever runs the server.
      log(
        `${request.method} ${new URL(request.url).pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResponse(500, "Internal error");
    }
  };

  return Object.assign(handle, {
    db,
    reset: (opts: { posts?: number; members?: number } = {}) => services.reset(opts),
    close() {
      faults.releaseAll();
      if (db.isOpen) db.close();
    },
  });
}
