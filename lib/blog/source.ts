import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { env } from "../config/env";
import { answerUnknownAddresses, tagRevalidatedAt } from "../next-cache/app-bridge";
import { log } from "../observability/log.mjs";
import { metrics, reportGauge } from "../observability/metrics";
import { processMemo } from "../state";
import {
  createWorkspaceClient,
  isWorkspaceApiError,
  workspace,
  type WorkspaceApiError,
  type WorkspaceClient,
} from "../workspace";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { blogDerived } from "./derived";
import { blogAddresses, isUnknownBlogAddress } from "./known-addresses";
import { buildBlog, reconcileSlugs, type Blog } from "./model";
import { unpatchedFetch } from "./unpatched-fetch";

/*
 * The blog store, one per process: every blog page, feed, sitemap, preview image and search
 * reads the one copy of the post list fetched here, and everything derived from it
 * (./derived.ts) is dropped with it. A copy is current while younger than
 * BLOG_REVALIDATE_SECONDS and newer than the blog tag's last revalidation on any instance;
 * concurrent renders share one request. The list (~10 MB at 10,000 posts) is too large for
 * Next's data cache; the small slugs list goes through it, with the blog tag, and gives every
 * blog page its ISR interval. docs/architecture.md ("The blog") has the detail.
 */

export type BlogData = { blog: Blog; slugs: string[] };

/** Thrown during `next build` when the workspace cannot supply the blog; one message says it all. */
export class BlogSourceError extends Error {
  constructor(
    message: string,
    readonly cause?: WorkspaceApiError,
  ) {
    super(message);
    this.name = "BlogSourceError";
  }
}

// NEXT_PHASE is Next's own marker for the build process, not app configuration.
const isBuildPhase = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

const clients: { list?: WorkspaceClient; slugs?: WorkspaceClient } = {};

/**
 * During a build the workspace must answer promptly or the build fails: a short timeout and
 * one retry keep a dead, slow or rate-limiting workspace well under a minute.
 */
function client(kind: "list" | "slugs"): WorkspaceClient {
  const build = isBuildPhase();
  if (kind === "slugs" && !build) return workspace();
  const existing = clients[kind];
  if (existing) return existing;
  const w = env().workspace;
  const made = createWorkspaceClient({
    apiBase: w.apiBase,
    apiKey: w.apiKey,
    timeoutMs: build ? Math.min(w.timeoutMs, 8_000) : w.timeoutMs,
    maxRetries: build ? Math.min(w.maxRetries, 1) : w.maxRetries,
    ...(build ? { retryAfterCapMs: 2_000, backoffBaseMs: 200 } : {}),
    ...(kind === "list"
      ? { fetch: (input: RequestInfo | URL, init?: RequestInit) => unpatchedFetch()(input, init) }
      : {}),
  });
  clients[kind] = made;
  return made;
}

/*
 * One per process (not per bundle): Next bundles this module once per route type (pages, route
 * handlers), and revalidateBlog() in /api/revalidate must clear the copy the pages use too.
 */
type Generation = { promise: Promise<Blog>; fetchedAt: number; blog: Blog | null };
type StoreState = { memo: Generation | null };
const storeState = () => processMemo<StoreState>("blog.source.store", () => ({ memo: null }));

/** Whether a copy fetched at `fetchedAt` may still be used: the one freshness rule. */
function isCurrent(fetchedAt: number, now = Date.now()): boolean {
  return (
    now - fetchedAt < env().blog.revalidateSeconds * 1000 && fetchedAt > tagRevalidatedAt(BLOG_CACHE_TAG)
  );
}

/** The loaded copy while it is current; null while none is (the next render fetches one). */
export function currentBlog(): Blog | null {
  const memo = storeState().memo;
  return memo?.blog && isCurrent(memo.fetchedAt) ? memo.blog : null;
}

/**
 * Whether `pathname` names a blog post, tag, author or page that the current copy of the blog
 * does not have; false while no copy is current (then the route renders and decides). Next's
 * cache handler asks it before looking anything up, so a random address is answered with the
 * prerendered not-found page without rendering, at the cost of a cached page.
 */
function isUnknownAddress(pathname: string): boolean {
  const blog = currentBlog();
  return blog !== null && isUnknownBlogAddress(pathname, blogDerived(blog, "addresses", blogAddresses));
}

function describe(error: WorkspaceApiError): string {
  const status = error.status ? ` (HTTP ${error.status})` : "";
  const detail = error.message.replace(/\.+$/, "");
  switch (error.code) {
    case "unreachable":
      return `the workspace could not be reached${error.systemCode ? ` (${error.systemCode})` : ""}`;
    case "timeout":
      return `the workspace did not answer ${error.timeoutMs !== undefined ? `within ${error.timeoutMs} ms` : "in time"}`;
    case "rate_limited":
      return `the workspace is rate-limiting requests${status}${error.retryAfterSeconds ? `, retry after ${error.retryAfterSeconds} s` : ""}`;
    case "bad_response":
      return `the workspace answered with something that is not a blog-post list (${detail})`;
    case "unauthorized":
      return `the workspace refused the API key${status}; check WORKSPACE_API_KEY and the subdomain in WORKSPACE_URL`;
    case "unavailable":
      return `the workspace is failing${status}: ${detail}`;
    default:
      return `${detail}${status}`;
  }
}

/** One readable line naming the URL and the cause; never the key. */
export function blogSourceMessage(error: unknown): string {
  if (error instanceof BlogSourceError) return error.message;
  if (isWorkspaceApiError(error)) return `Cannot load the blog from ${error.endpoint}: ${describe(error)}.`;
  return `Cannot load the blog: ${error instanceof Error ? error.message : String(error)}.`;
}

function toSourceError(error: unknown): BlogSourceError {
  if (error instanceof BlogSourceError) return error;
  const hint = isBuildPhase()
    ? " The build stops here rather than publish an empty blog; start the workspace or fix WORKSPACE_URL and build again."
    : "";
  return new BlogSourceError(blogSourceMessage(error) + hint, isWorkspaceApiError(error) ? error : undefined);
}

async function fetchBlog(): Promise<Blog> {
  const list = await client("list").listBlogPosts();
  // The site's configured name, when there is one, stands for the workspace's blog name everywhere.
  const blog = buildBlog({ ...list, blogName: env().site.name ?? list.blogName });
  // A list whose every entry was unreadable is garbage, not an empty blog.
  if (blog.posts.length === 0 && list.skipped + list.posts.length > 0) {
    throw new BlogSourceError(
      `Cannot load the blog: none of the ${list.skipped + list.posts.length} posts from the workspace's blog-posts list could be read.`,
    );
  }
  for (const problem of blog.problems.slice(0, 20)) log("blog").warn(problem);
  if (blog.problems.length > 20)
    log("blog").warn(`...and ${blog.problems.length - 20} more problems in the blog-posts list`);
  return blog;
}

function blogList(): Promise<Blog> {
  const build = isBuildPhase();
  const state = storeState();
  const memo = state.memo;
  if (memo && (build || isCurrent(memo.fetchedAt))) return memo.promise;
  const entry: Generation = {
    fetchedAt: Date.now(),
    blog: null,
    promise: fetchBlog().then(
      (blog) => {
        entry.blog = blog;
        if (!build) reportGauge(metrics().blogPosts, blog.posts.length);
        return blog;
      },
      (e: unknown) => Promise.reject(toSourceError(e)),
    ),
  };
  // At runtime a failure is not remembered: the next regeneration tries again, and until
  // then Next keeps serving the last good pages. During a build it is remembered, so the
  // build fails once, quickly, instead of once per page.
  if (!build) entry.promise.catch(() => (state.memo === entry ? (state.memo = null) : undefined));
  state.memo = entry;
  return entry.promise;
}

/** The slugs endpoint through Next's data cache: sets the ISR interval and the cache tag. */
async function slugList(): Promise<string[]> {
  const { revalidateSeconds } = env().blog;
  try {
    return await client("slugs").listBlogSlugs({
      nextCache: { revalidate: revalidateSeconds, tags: [BLOG_CACHE_TAG] },
    });
  } catch (error) {
    throw toSourceError(error);
  }
}

const reported = new WeakSet<Blog>();

/** Everything a blog page needs. Throws BlogSourceError (the build fails; ISR keeps old pages). */
let buildFailure: BlogSourceError | null = null;

export async function loadBlog(): Promise<BlogData> {
  // One failure fails the whole build with one message, instead of one per page.
  if (buildFailure) throw buildFailure;
  const [blog, slugs] = await Promise.all([blogList(), slugList()]).catch((error: unknown) => {
    const failure = toSourceError(error);
    if (isBuildPhase()) buildFailure ??= failure;
    throw buildFailure ?? failure;
  });
  if (!reported.has(blog)) {
    reported.add(blog);
    const { missingFromList, missingFromSlugs } = reconcileSlugs(blog, slugs);
    const sample = (list: string[]) => list.slice(0, 10).join(", ") + (list.length > 10 ? ", ..." : "");
    if (missingFromList.length)
      log("blog").warn(
        `${missingFromList.length} slug(s) have no post in the blog-posts list and will answer 404: ${sample(missingFromList)}`,
      );
    if (missingFromSlugs.length)
      log("blog").warn(
        `${missingFromSlugs.length} post(s) are missing from the slugs endpoint; they are rendered on first request: ${sample(missingFromSlugs)}`,
      );
  }
  return { blog, slugs };
}

/** Drops the in-process copy of the blog (and all derived from it) so the next render fetches it again. */
export function forgetBlogData(): void {
  storeState().memo = null;
}

// The build renders every page itself; at run time the cache handler answers unknown addresses.
if (!isBuildPhase()) answerUnknownAddresses(isUnknownAddress);
