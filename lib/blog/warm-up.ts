import "server-only";
import { env } from "../config/env";
import { serverOrigin } from "../http/server-origin";
import { log } from "../observability/log.mjs";
import { whileStarting } from "../state/readiness";
import { releaseLoadingMemory } from "./loading-memory";
import type { Blog } from "./model";
import { authorPath, indexPath, listPath, pageCount, postPath, tagPath } from "./paths";
import { blogList } from "./source";

/*
 * The first render of a blog page on a fresh server runs much of its code for the first time
 * (React's renderers, the route's components), and pays for compiling it: the first listing page
 * past the prerender limit takes several times as long as the next (docs/performance.md, "Scale").
 * So once the blog store has its first copy, the server renders one page of each route that
 * readers reach uncached (posts, listing pages past the prerender limit, tag and author pages
 * after the first), and readiness says "starting" until it has. Each is a page a reader could
 * ask for, cached as any other: the oldest ones, which readers ask for least. A page the cache
 * already holds (from an earlier start) exercises no render, so the next older one is tried.
 *
 * Then it gives back what loading cost: V8 keeps the memory it used meanwhile (pages in its pool,
 * a heap sized for the peak) until its memory reducer runs seconds later, so readers would meet
 * a server much larger than it needs to be (docs/performance.md, "Scale").
 * The launcher starts the server with --expose-gc (lib/launcher/heap.ts) for this one call.
 */

/** Candidates per route, oldest first, at most this many each: a cached one is skipped. */
const TRIES_PER_ROUTE = 5;

/** Addresses of one route, from the oldest: a post, a listing page, a tag's or an author's page. */
export function warmUpCandidates(blog: Blog, prerenderLimit: number): string[][] {
  const lastPages = (base: string, posts: number, from = 2) => {
    const out: string[] = [];
    for (let n = pageCount(posts); n >= from && out.length < TRIES_PER_ROUTE; n--)
      out.push(listPath(base, n));
    return out;
  };
  const posts: string[] = [];
  for (let i = blog.posts.length - 1; i >= prerenderLimit && posts.length < TRIES_PER_ROUTE; i--)
    posts.push(postPath(blog.posts[i]!.slug));
  const firstUnbuilt = Math.max(2, Math.ceil(prerenderLimit / 12) + 1);
  const topic = blog.keywords[0];
  const author = blog.authors[0];
  return [
    posts,
    lastPages("/blog", blog.posts.length, firstUnbuilt).map((p) => (p === "/blog" ? indexPath(1) : p)),
    topic ? lastPages(tagPath(topic.slug), topic.postCount) : [],
    author ? lastPages(authorPath(author.id), author.postCount) : [],
  ].filter((list) => list.length > 0);
}

/** Renders one uncached page of each route; true for each route that rendered one. */
async function renderEach(origin: string, routes: string[][]): Promise<boolean[]> {
  const rendered: boolean[] = [];
  for (const candidates of routes) {
    let done = false;
    for (const path of candidates) {
      const res = await fetch(origin + path, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      // Next says whether it answered from its cache; anything else was rendered now.
      if (res.headers.get("x-nextjs-cache") !== "HIT") {
        done = true;
        break;
      }
    }
    rendered.push(done);
  }
  return rendered;
}

/**
 * Renders the blog's routes once at start, after the store's first copy (readiness waits for it).
 * Never fails the start: a render that fails is logged, and readers then pay for the first one.
 */
export function warmBlogRoutes(): Promise<void> {
  const origin = serverOrigin();
  if (!origin) return Promise.resolve();
  const warm = (async () => {
    // Without a blog there is nothing to render; the store says why and retries on its own.
    const blog = await blogList().catch(() => null);
    if (!blog) return;
    const started = performance.now();
    // The home page and the blog's first page too: with several instances the build's prerendered
    // pages are not in the shared cache (lib/next-cache/), so a new build's first reader would
    // otherwise wait for their render. Alone they are cached hits, and cost a request each.
    const routes = [["/"], ["/blog"], ...warmUpCandidates(blog, env().blog.prerenderLimit)];
    const rendered = await renderEach(origin, routes);
    const released = releaseLoadingMemory();
    log("blog").info(
      `rendered ${rendered.filter(Boolean).length} of ${rendered.length} blog routes before serving readers in ${Math.round(performance.now() - started)} ms` +
        (released === null ? "" : `, then collected the heap in ${Math.round(released)} ms`),
    );
  })().catch((error: unknown) =>
    log("blog").warn(
      `the blog routes were not rendered at start: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
  return whileStarting("blog-routes", warm);
}
