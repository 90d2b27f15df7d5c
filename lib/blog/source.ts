import "server-only";
import { unstable_cache } from "next/cache";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { env } from "../config/env";
import { siteText } from "../config/text";
import { keyRefused } from "../config/workspace-variables";
import { fetch as fetchOutsideNext } from "undici";
import { log } from "../observability/log.mjs";
import { metrics, reportGauge } from "../observability/metrics";
import { whileStarting } from "../state/readiness";
import { createWorkspaceClient, WorkspaceApiError, type WorkspaceClient } from "../workspace";
import { buildBlog, slugMismatches, type Blog } from "./model";
import { onTagRevalidated } from "../next-cache/tags.mjs";
import { countSitemapFiles, storeState, warmDerived, warmWith } from "./store-state";

export { currentBlog } from "./store-state";

/** The Next cache tag every blog route carries; revalidateBlog() purges it. */
export const BLOG_CACHE_TAG = "blog";

// The blog store: every blog route and search reads the one copy fetched here, current while younger
// than BLOG_REVALIDATE_SECONDS and newer than the blog tag's last revalidation on any instance.

export class BlogSourceError extends Error {
  override name = "BlogSourceError";
}

// NEXT_PHASE is Next's own marker for the build process, not app configuration.
const isBuildPhase = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

/** During a build a short timeout and one retry fail a dead or slow workspace in well under a minute. */
function client(): WorkspaceClient {
  const build = isBuildPhase();
  const w = env().workspace;
  return createWorkspaceClient({
    apiBase: w.apiBase,
    apiKey: w.apiKey,
    timeoutMs: build ? Math.min(w.timeoutMs, 8_000) : w.timeoutMs,
    maxRetries: build ? Math.min(w.maxRetries, 1) : w.maxRetries,
    ...(build ? { retryAfterCapMs: 2_000, backoffBaseMs: 200 } : {}),
    // Around Next's fetch: the list is shared by many renders, belongs to none, and is too large
    // for Next's data cache. undici is what Node's own fetch is made of.
    fetch: fetchOutsideNext as unknown as typeof fetch,
  });
}

/** A copy or fetch begun before the blog tag's revalidation (on any instance) is dropped. */
function noticeRevalidation(tag: string, at: number): void {
  if (tag !== BLOG_CACHE_TAG) return;
  const state = storeState();
  const started = Math.max(state.copy?.fetchedAt ?? 0, state.loading?.startedAt ?? 0);
  if (started <= at) forgetBlogData();
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
      return `the workspace ${keyRefused(`HTTP ${error.status}`, env().localWorkspace !== null)}`;
    case "unavailable":
      return `the workspace is failing${status}: ${detail}`;
    default:
      return `${detail}${status}`;
  }
}

/** One readable line naming the URL and the cause; never the key. */
function toSourceError(error: unknown): BlogSourceError {
  if (error instanceof BlogSourceError) return error;
  const message =
    error instanceof WorkspaceApiError
      ? `Cannot load the blog from ${error.endpoint}: ${describe(error)}.`
      : `Cannot load the blog: ${error instanceof Error ? error.message : String(error)}.`;
  const hint = isBuildPhase()
    ? " The build stops here rather than publish an empty blog; start the workspace or fix WORKSPACE_URL and build again."
    : "";
  return new BlogSourceError(message + hint);
}

async function fetchBlog() {
  // The slugs endpoint names the posts to prerender, so only a build reads it.
  const [list, slugs] = await Promise.all([
    client().listBlogPosts(),
    isBuildPhase() ? client().listBlogSlugs() : [],
  ]);
  // The site's configured name, when there is one, stands for the workspace's blog name everywhere.
  const blog = buildBlog({
    ...list,
    blogName: env().site.name ?? list.blogName,
    unknownAuthor: siteText()("author.unknown"),
  });
  // A list whose every entry was unreadable is garbage, not an empty blog.
  if (blog.posts.length === 0 && list.skipped + list.posts.length > 0) {
    throw new BlogSourceError(
      `Cannot load the blog: none of the ${list.skipped + list.posts.length} posts from the workspace's blog-posts list could be read.`,
    );
  }
  for (const problem of blog.problems.slice(0, 20)) log("blog").warn(problem);
  if (blog.problemCount > 20)
    log("blog").warn(`...and ${blog.problemCount - 20} more problems in the blog-posts list`);
  if (isBuildPhase()) for (const warning of slugMismatches(blog, slugs)) log("blog").warn(warning);
  return { blog, slugs };
}

/** Fetches a new copy, unless one begun after the last revalidation is on its way (then shared). */
function refresh(): Promise<Blog> {
  const state = storeState();
  const { loading: current, generation } = state;
  if (current && current.generation === generation) return current.promise;
  const startedAt = Date.now();
  const settled = () => {
    if (state.loading?.promise === promise) state.loading = null;
  };
  const promise = fetchBlog().then(
    ({ blog, slugs }) => {
      settled();
      // Forgotten while on its way, or a later fetch finished first: keep the newest.
      if (generation !== state.generation || (state.copy && state.copy.fetchedAt > startedAt)) return blog;
      state.copy = { blog, slugs, fetchedAt: startedAt };
      if (isBuildPhase()) return blog;
      refreshIn(env().blog.revalidateSeconds * 1000);
      reportGauge(metrics().blogPosts, blog.posts.length);
      void warmDerived(blog).catch((error: unknown) =>
        log("blog").error(`deriving from the new copy of the blog failed: ${toSourceError(error).message}`),
      );
      return blog;
    },
    (error: unknown) => {
      // Not remembered at run time: the next reader, or the retry, tries again.
      settled();
      refreshIn(RETRY_AFTER_FAILURE_MS);
      throw toSourceError(error);
    },
  );
  state.loading = { startedAt, generation, promise };
  return promise;
}

/** The blog alone (search): the current copy, never a wait past a revalidation's. */
export async function blogList(): Promise<Blog> {
  const state = storeState();
  const copy = state.copy;
  // During a build the first copy serves every page: the build fails once, quickly, or not at all.
  if (isBuildPhase()) return copy ? copy.blog : refresh();
  if (copy) {
    // Past its interval the copy answers while its successor loads; only a revalidation (which
    // drops the copy) is waited for, so no page is cached again from older posts.
    if (Date.now() - copy.fetchedAt >= env().blog.revalidateSeconds * 1000)
      void refresh().catch(() => undefined);
    return copy.blog;
  }
  return refresh();
}

const RETRY_AFTER_FAILURE_MS = 10_000;

/** Once the store runs in the background, loads the next copy in `ms`. */
function refreshIn(ms: number): void {
  const state = storeState();
  if (!state.running) return;
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    state.timer = null;
    void refresh().catch(() => undefined);
  }, ms);
  state.timer.unref();
}

/** Loads the blog at start (readiness waits for it), then each successor before a reader asks; never in a build. */
export function startBlogStore(): Promise<void> {
  const state = storeState();
  if (state.running || isBuildPhase()) return Promise.resolve();
  state.running = true;
  onTagRevalidated(noticeRevalidation);
  // The site's server judges unknown addresses from each copy as soon as it is installed.
  warmWith("sitemapFiles", countSitemapFiles);
  return whileStarting(
    "blog",
    refresh().then(
      (blog) => warmDerived(blog),
      (error: unknown) =>
        log("blog").error(`the blog did not load at start: ${toSourceError(error).message}`),
    ),
  );
}

/** Gives the render the blog's tag and ISR interval: unstable_cache passes both on, a tiny value carries them. */
let tagged: (() => Promise<number>) | undefined;
async function tagThisRender(): Promise<void> {
  tagged ??= unstable_cache(async () => Date.now(), ["blog-tag"], {
    tags: [BLOG_CACHE_TAG],
    revalidate: env().blog.revalidateSeconds,
  });
  await tagged().catch(() => undefined);
}

/** Throws BlogSourceError (the build fails; ISR keeps old pages); `slugs` only in a build (it prerenders). */
export async function loadBlog() {
  const state = storeState();
  // One failure fails the whole build with one message, instead of one per page.
  if (state.buildFailure) throw state.buildFailure;
  const [blog] = await Promise.all([blogList(), tagThisRender()]).catch((error: unknown) => {
    const failure = toSourceError(error);
    if (isBuildPhase()) state.buildFailure ??= failure;
    throw state.buildFailure ?? failure;
  });
  return { blog, slugs: state.copy?.blog === blog ? state.copy.slugs : [] };
}

/** Drops the copy and all derived from it: the next render waits for a new one, loading now. */
export function forgetBlogData(): void {
  const state = storeState();
  state.generation += 1;
  state.copy = state.loading = null;
  if (state.running) void refresh().catch(() => undefined);
}
