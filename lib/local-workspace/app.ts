import { authenticate, resolveWorkspace } from "./auth";
import { logLine } from "../observability/log.mjs";
import { FaultInjector } from "./faults";
import { HttpError, errorResponse, assertLocalWrite } from "./http";
import type { ApiContext, RouteContext, RouteHandler } from "./http";
import { LOCAL_DEMO_API_KEY } from "./keys";
import { DEFAULT_RATE_LIMIT, FixedWindowRateLimiter, type RateLimitOptions } from "./rate-limit";
import * as blog from "./routes/blog";
import * as local from "./routes/local";
import { addSubscriber } from "./routes/subscribers";
import * as members from "./members";
import { resetAndSeed, seedDemo } from "./seed";
import { RequestStats } from "./stats";
import { DEFAULT_DATA_DIR, openStore } from "./store";

export type LocalWorkspaceOptions = {
  /** Directory of the SQLite file; ":memory:" for a throwaway store. Default `data/local-workspace`. */
  dataDir?: string;
  /** Wipe and re-seed on open (optionally with synthetic data), before any request is served. */
  reset?: boolean | { posts?: number; members?: number };
  /** Key of the default workspace (LOCAL_WORKSPACE_API_KEY). */
  apiKey?: string;
  rateLimit?: RateLimitOptions;
  now?: () => Date;
  /** Where unexpected errors are reported; defaults to the logger (component "local-workspace"). */
  log?: (line: string) => void;
};

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type Methods = Partial<Record<Method, RouteHandler<never>>>;

const V2 = "/api/external/v2";
const V1 = "/api/external/v1";

/** Path patterns (`:name` captures one segment); those under /api/external/ need a key. */
const ROUTES: Record<string, Methods> = {
  [`${V2}/team-members`]: { GET: members.listTeamMembersV2, POST: members.addTeamMembersV2 },
  [`${V2}/team-members/:id`]: {
    GET: members.getTeamMemberV2,
    PATCH: members.updateTeamMemberV2,
    DELETE: members.removeTeamMemberV2,
  },
  [`${V2}/email-subscriptions`]: { POST: addSubscriber },
  [`${V2}/blog-posts`]: { GET: blog.listBlogPostsV2 },
  [`${V2}/blog-posts/slugs`]: { GET: blog.listBlogSlugsV2 },
  [`${V1}/team_members`]: { POST: members.addTeamMembersV1, DELETE: members.removeTeamMembersV1 },
  [`${V1}/team_members/:id`]: { PATCH: members.updateTeamMemberV1 },
  [`${V1}/blog_posts`]: { GET: blog.listBlogPostsV1 },
  "/__local": { GET: local.index },
  "/__local/health": { GET: local.health },
  "/__local/outbox": { GET: local.outbox },
  "/__local/verify": { GET: local.verify },
  "/__local/invitations/:token": { GET: local.invitation },
  "/__local/images/:kind/:file": { GET: local.image },
  "/__local/reset": { POST: local.reset },
  "/__local/posts/:slug": { PATCH: local.editPost },
  "/__local/articles/:slug": { GET: local.article },
  "/__local/stats": { GET: local.stats },
  "/__local/stats/reset": { POST: local.resetStats },
  "/__local/faults": { GET: local.getFaults, POST: local.setFaults, DELETE: local.clearFaults },
};

// Each pattern as a regular expression: `:name` is one non-empty segment, trailing slashes are ignored.
const MATCHERS = Object.entries(ROUTES).map(([pattern, methods]) => ({
  methods,
  // Stats group id routes under their pattern so counts stay bounded.
  label: pattern.replace(":id", "{id}"),
  re: new RegExp(`^${pattern.replace(/:(\w+)/g, "(?<$1>[^/]+)")}/*$`),
}));

function match(pathname: string) {
  for (const { methods, label, re } of MATCHERS) {
    const found = re.exec(pathname);
    if (!found) continue;
    try {
      const params = Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]);
      return { methods, params: Object.fromEntries(params) as Record<string, string>, label };
    } catch {
      // a malformed escape names no resource
    }
  }
  return null;
}

/** Creates the in-process handler, closable. */
export function createLocalWorkspace(options: LocalWorkspaceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? logLine("local-workspace", "error");
  const apiKey = options.apiKey ?? LOCAL_DEMO_API_KEY;
  const db = openStore(options.dataDir ?? DEFAULT_DATA_DIR);
  const faults = new FaultInjector();
  const stats = new RequestStats(() => now().getTime());
  const limiter = new FixedWindowRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, () => now().getTime());
  const services: RouteContext["services"] = {
    faults,
    stats,
    reset(opts = {}) {
      resetAndSeed(db, { apiKey, now: now(), ...opts });
      stats.reset(now());
      faults.clear();
      limiter.reset();
    },
  };
  if (options.reset) services.reset(options.reset === true ? {} : options.reset);
  else seedDemo(db, { apiKey, now: now() });

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

    const { methods } = found;
    const method = (request.method === "HEAD" && methods.GET ? "GET" : request.method) as Method;
    const handler = methods[method];
    if (!handler) {
      const allow = Object.keys(methods).concat(methods.GET ? ["HEAD"] : []);
      return errorResponse(405, "Method not allowed", {}, { allow: allow.join(", ") });
    }
    if (!isApi && method !== "GET") await assertLocalWrite(request);

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
    if (isApi) {
      const keyId = authenticate(db, workspaceId, request.headers.get("x-api-key"), ctx.now);
      const retryAfter = limiter.hit(String(keyId));
      if (retryAfter !== null)
        return errorResponse(429, "Rate limit exceeded", {}, { "retry-after": String(retryAfter) });
    }
    return (handler as RouteHandler<ApiContext>)(ctx as ApiContext);
  }

  const handle = async (request: Request): Promise<Response> => {
    try {
      return await dispatch(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, {}, error.headers);
      // Never leak internals to the client; the log line is for whoever runs the server.
      log(
        `${request.method} ${new URL(request.url).pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResponse(500, "Internal error");
    }
  };

  return Object.assign(handle, {
    db,
    /** Wipes and re-seeds (plus optional synthetic data), clearing stats, faults and rate limits. */
    reset: services.reset,
    /** Ends pending fault hangs and closes the database. */
    close() {
      faults.releaseAll();
      if (db.isOpen) db.close();
    },
  });
}
