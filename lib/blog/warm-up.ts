import "server-only";
import { env } from "../config/env";
import { serverOrigin } from "../http/server-origin";
import { log } from "../observability/log.mjs";
import { whileStarting } from "../state/readiness";
import { releaseLoadingMemory } from "./loading-memory";
import type { Blog } from "./model";
import { authorPath, listPath, pageCount, postPath, prerenderPages, tagPath } from "./paths";
import { blogList } from "./source";

// A fresh server's first render of a route compiles much of its code, so while readiness says
// "starting" it renders one uncached page of each route (the oldest: readers ask for it least).

const TRIES_PER_ROUTE = 5;

/** Per route, oldest first: posts, listing pages, a tag's and an author's pages. */
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
  const firstUnbuilt = prerenderPages(blog.posts.length, prerenderLimit).length + 2;
  const topic = blog.keywords[0];
  const author = blog.authors[0];
  return [
    posts,
    lastPages("/blog", blog.posts.length, firstUnbuilt),
    topic ? lastPages(tagPath(topic.slug), topic.postCount) : [],
    author ? lastPages(authorPath(author.id), author.postCount) : [],
  ].filter((list) => list.length > 0);
}

/** Whether one of a route's candidates was rendered now (not answered from Next's cache). */
async function renderedOne(origin: string, candidates: string[]): Promise<boolean> {
  for (const path of candidates) {
    const res = await fetch(origin + path, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.headers.get("x-nextjs-cache") !== "HIT") return true;
  }
  return false;
}

/** Never fails the start: a render that fails is logged, and readers then pay for the first one. */
export function warmBlogRoutes(): Promise<void> {
  const origin = serverOrigin();
  if (!origin) return Promise.resolve();
  const warm = (async () => {
    const blog = await blogList().catch(() => null);
    if (!blog) return;
    const started = performance.now();
    // The home and blog pages too: with several instances the build's prerendered pages are not
    // in the shared cache (lib/next-cache/); alone they are cached hits.
    const routes = [["/"], ["/blog"], ...warmUpCandidates(blog, env().blog.prerenderLimit)];
    let rendered = 0;
    for (const candidates of routes) if (await renderedOne(origin, candidates)) rendered++;
    const released = releaseLoadingMemory();
    log("blog").info(
      `rendered ${rendered} of ${routes.length} blog routes before serving readers in ${Math.round(performance.now() - started)} ms` +
        (released === null ? "" : `, then collected the heap in ${Math.round(released)} ms`),
    );
  })().catch((error: unknown) =>
    log("blog").warn(
      `the blog routes were not rendered at start: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
  return whileStarting("blog-routes", warm);
}
