import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { env } from "../config/env";
import { siteText } from "../config/text";
import { redisTargetFromVars } from "../config/redis-target.mjs";
import { fetch as fetchOutsideNext } from "undici";
import { serverOrigin } from "../http/server-origin";
import { log } from "../observability/log.mjs";
import { metrics, reportGauge } from "../observability/metrics";
import { processMemo } from "../state";
import { whileStarting } from "../state/readiness";
import {
  createWorkspaceClient,
  isWorkspaceApiError,
  workspace,
  type WorkspaceApiError,
  type WorkspaceClient,
} from "../workspace";
import { BLOG_CACHE_TAG } from "./cache-tags";
import { warmDerived, warmWith } from "./derived";
import { blogAddresses } from "./known-addresses";
import { buildBlog, reconcileSlugs, type Blog } from "./model";
import { storeState, type Loading, type TagMark } from "./store-state";

export { currentBlog } from "./store-state";

/*
 * The blog store, one per process: every blog page, feed, sitemap, preview image and search
 * reads the one copy of the post list fetched here (kept in ./store-state.ts), and everything
 * derived from it (./derived.ts) is dropped with it. A copy is current while younger than
 * BLOG_REVALIDATE_SECONDS and newer than the blog tag's last revalidation on any instance
 * (./tag-mark.ts); concurrent renders share one request. The list is too large for
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

/** The store's own workspace clients, one per process (the list's, and the slugs' during a build). */
const clients = () =>
  processMemo<{ list?: WorkspaceClient; slugs?: WorkspaceClient }>("blog.source.clients", () => ({}));

/**
 * During a build the workspace must answer promptly or the build fails: a short timeout and
 * one retry keep a dead, slow or rate-limiting workspace well under a minute.
 */
function client(kind: "list" | "slugs"): WorkspaceClient {
  const build = isBuildPhase();
  if (kind === "slugs" && !build) return workspace();
  const existing = clients()[kind];
  if (existing) return existing;
  const w = env().workspace;
  const made = createWorkspaceClient({
    apiBase: w.apiBase,
    apiKey: w.apiKey,
    timeoutMs: build ? Math.min(w.timeoutMs, 8_000) : w.timeoutMs,
    maxRetries: build ? Math.min(w.maxRetries, 1) : w.maxRetries,
    ...(build ? { retryAfterCapMs: 2_000, backoffBaseMs: 200 } : {}),
    // The list goes around Next's fetch: it is shared by many renders and belongs to none, and
    // at ~10 MB for 10,000 posts it is too large for Next's data cache. undici is the library
    // Node's own fetch is made of, so the request is the same one.
    ...(kind === "list" ? { fetch: fetchOutsideNext as unknown as typeof fetch } : {}),
  });
  clients()[kind] = made;
  return made;
}

/** Whether a revalidation made on another instance, read as `mark`, leaves the copy outdated. */
export function noticeTagMark(mark: TagMark): void {
  const state = storeState();
  const known = state.tagMark;
  state.tagMark = mark;
  // The first mark read is the baseline: the copy was fetched after it (startBlogStore reads it first).
  if (!known || known.id === mark.id) return;
  // A copy or a fetch started after the mark was made is newer than the revalidation it stands for;
  // so is one started after this instance's own revalidation, when this is the first new mark
  // since (that revalidation's own).
  const started = Math.max(state.copy?.fetchedAt ?? 0, state.loading?.startedAt ?? 0);
  const own = state.revalidatedHereAt;
  state.revalidatedHereAt = undefined;
  if (started >= mark.at || (own !== undefined && started >= own)) return;
  forgetBlogData();
}

/**
 * With several instances (Redis), reads the blog tag's mark in this render and drops an
 * outdated copy before it is used. Alone, an instance drops its copy itself when it is
 * revalidated (revalidateBlog), and the mark is not read. Never fails a render: outside a
 * request, or with the cache unreachable, the copy stays as it is.
 */
async function checkTagMark(): Promise<void> {
  if (isBuildPhase() || !sharesCache()) return;
  try {
    const { blogTagMark } = await import("./tag-mark");
    noticeTagMark(await blogTagMark());
  } catch {
    // not in a request (the warm-up), or the cache did not answer: the background check goes on
  }
}

const expired = (fetchedAt: number, now = Date.now()) =>
  now - fetchedAt >= env().blog.revalidateSeconds * 1000;

/**
 * Builds the known addresses of every new copy as soon as the store has it, so the server's
 * first question about a copy (./store-state.ts, isUnknownAddress) finds them ready
 * (instrumentation.ts; never during a build, where every page renders and decides itself).
 */
export function knowAddressesOfEachNewBlog(): void {
  warmWith("addresses", (blog) => blogAddresses(blog, env().site.pages));
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
  return blog;
}

/**
 * Fetches a new copy, unless one fetched after the last revalidation is already on its way: every
 * reader, the start-up and the background refresh share it. The copy is installed as soon as it
 * is built; the values derived from it (search index, known addresses: ./derived.ts) are built
 * after, in the background, while searches keep using the previous index (lib/search/engine.ts).
 */
function refresh(): Promise<Blog> {
  const state = storeState();
  const { loading: current, generation } = state;
  if (current && current.generation === generation) return current.promise;
  const build = isBuildPhase();
  const loading: Loading = { startedAt: Date.now(), generation, promise: fetchBlog() };
  state.loading = loading;
  loading.promise.then(
    (blog) => {
      if (state.loading === loading) state.loading = null;
      // Forgotten while on its way, or a later fetch finished first: keep the newest.
      if (loading.generation !== state.generation) return;
      if (state.copy && state.copy.fetchedAt > loading.startedAt) return;
      state.copy = { blog, fetchedAt: loading.startedAt };
      if (build) return;
      reportGauge(metrics().blogPosts, blog.posts.length);
      void warmDerived(blog).catch((error: unknown) =>
        log("blog").error(`deriving from the new copy of the blog failed: ${blogSourceMessage(error)}`),
      );
    },
    () => {
      // Not remembered at run time: the next reader or the next tick of the watcher tries again.
      if (state.loading === loading) state.loading = null;
      state.lastFailureAt = Date.now();
    },
  );
  return loading.promise.catch((e: unknown) => Promise.reject(toSourceError(e)));
}

/** The blog alone, for what needs no slugs (search): the current copy, never a wait past a revalidation's. */
export async function blogList(): Promise<Blog> {
  await checkTagMark();
  const state = storeState();
  const copy = state.copy;
  // During a build the first copy serves every page: the build fails once, quickly, or not at all.
  if (isBuildPhase()) return copy ? copy.blog : (state.loading?.promise ?? refresh());
  if (copy) {
    // Past its interval the copy still answers, and its successor is fetched in the background:
    // no reader waits for a fetch of the whole blog. A revalidation, though, is waited for, so
    // that no page is cached again from posts older than the revalidation.
    if (expired(copy.fetchedAt)) void refresh().catch(() => undefined);
    return copy.blog;
  }
  return refresh();
}

const WATCH_INTERVAL_MS = 1_000;
const RETRY_AFTER_FAILURE_MS = 10_000;

/**
 * The blog tag's mark as this server answers it (./tag-mark.ts, through /api/blog/tag-mark): a
 * request to itself, the documented way to be inside Next's cache from a timer. Undefined alone
 * (no REDIS_URL: a revalidation here drops the copy itself), without a server (tests), or when
 * the server does not answer in time.
 */
async function readTagMark(): Promise<TagMark | undefined> {
  const origin = serverOrigin();
  if (!origin || !sharesCache()) return undefined;
  try {
    const res = await fetchOutsideNext(`${origin}/api/blog/tag-mark`, { signal: AbortSignal.timeout(2_000) });
    const mark = (await res.json()) as Partial<TagMark>;
    return typeof mark.id === "string" && typeof mark.at === "number"
      ? { id: mark.id, at: mark.at }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the blog and what is derived from it in the background when a server starts, so that the
 * first reader finds them ready: readiness answers 503 "starting" until the first attempt has
 * settled (lib/state/readiness.ts). Then checks every second whether the copy was revalidated
 * (on another instance: the blog tag's mark) or is past its interval, and loads its successor
 * before a reader asks. Runs once per process (instrumentation.ts), never during a build.
 */
export function startBlogStore(): Promise<void> {
  const state = storeState();
  if (state.watcher || isBuildPhase()) return Promise.resolve();
  let checking = false;
  state.watcher = setInterval(() => {
    if (checking) return;
    checking = true;
    void readTagMark()
      .then((mark) => {
        if (mark) noticeTagMark(mark);
        const { copy, loading, lastFailureAt } = storeState();
        if (loading) return;
        const now = Date.now();
        const due = copy ? expired(copy.fetchedAt, now) : now - lastFailureAt >= RETRY_AFTER_FAILURE_MS;
        if (due) void refresh().catch(() => undefined);
      })
      .catch(() => {
        // An invalid configuration: readiness and every request report it; nothing to load.
      })
      .finally(() => (checking = false));
  }, WATCH_INTERVAL_MS);
  state.watcher.unref();
  const first = whileStarting(
    "blog",
    // The mark first: the copy is then newer than it, and the next mark read is a new revalidation.
    readTagMark()
      .then((mark) => void (mark && noticeTagMark(mark)))
      .then(() => refresh())
      .then(
        (blog) => warmDerived(blog),
        (error: unknown) => log("blog").error(`the blog did not load at start: ${blogSourceMessage(error)}`),
      ),
  );
  return first;
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

/** Everything a blog page needs. Throws BlogSourceError (the build fails; ISR keeps old pages). */
export async function loadBlog(): Promise<BlogData> {
  const state = storeState();
  // One failure fails the whole build with one message, instead of one per page.
  if (state.buildFailure) throw state.buildFailure;
  const [blog, slugs] = await Promise.all([blogList(), slugList()]).catch((error: unknown) => {
    const failure = toSourceError(error);
    if (isBuildPhase()) state.buildFailure ??= failure;
    throw state.buildFailure ?? failure;
  });
  const { reported } = state;
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

/**
 * Marks the in-process copy of the blog (and all derived from it) as outdated: the next render
 * waits for a new one, and the watcher (startBlogStore) fetches it within a second if none does.
 */
export function forgetBlogData(): void {
  const state = storeState();
  state.generation += 1;
  state.copy = state.loading = null;
}

/**
 * The blog was revalidated here: the copy goes now, and the next new mark (the one this
 * revalidation makes) is no reason to drop the copy fetched after it.
 */
export function forgetBlogDataOnRevalidation(): void {
  forgetBlogData();
  storeState().revalidatedHereAt = Date.now();
}

/** Several instances share Next's cache (REDIS_URL or a Sentinel group): each reads the tag's mark. */
function sharesCache(): boolean {
  return redisTargetFromVars(process.env) !== null;
}
