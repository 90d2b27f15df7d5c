/*
 * What each post costs in memory, part by part: the blog store's copy (lib/blog/model.ts), the
 * search index (lib/search/engine.ts), built from the local workspace's synthetic posts over real HTTP. Heap used after a full
 * collection (and typed arrays' contents, held outside the heap), before and after each part,
 * divided by the number of posts.
 *
 *   node --expose-gc --conditions=react-server --import tsx bench/scale-memory.ts [posts...]  # default 1000 10000
 *
 * bench/scale.ts runs it as a child (`--json`: one line per size) beside its server figures.
 */
import { buildBlog, type Blog } from "../lib/blog/model";
import { POSTS_PER_PAGE } from "../lib/blog/paths";
import { LOCAL_DEMO_API_KEY, startLocalWorkspaceServer } from "../lib/local-workspace";
import { buildSearchIndex, type SearchIndex } from "../lib/search/engine";
import { rankPosts } from "../lib/search/ranking";
import { parseSearchQuery } from "../lib/search/query";
import { createWorkspaceClient } from "../lib/workspace/client";

export type PostMemory = {
  posts: number;
  storeBytes: number;
  indexBytes: number;
  /** Ranking one results page on the built index, in this process (median of a few runs). */
  rankMs: { onePost: number; everyPost: number; everyPostTypo: number };
};

/** A search for one post's number; words of every synthetic post, as typed and with a typo. */
const rankQueries = (posts: number) => ({
  onePost: String(Math.max(1, posts - 10)),
  everyPost: "generated post paging",
  everyPostTypo: "genrated",
});
const RANK_ROUNDS = 9;

/** Median time of ranking `query`'s first results page, as /search does. */
function rankMs(index: SearchIndex, blog: Blog, query: string): number {
  const parsed = parseSearchQuery(query);
  if (parsed.kind !== "ok") throw new Error(`"${query}" did not parse`);
  const times: number[] = [];
  for (let r = 0; r < RANK_ROUNDS; r++) {
    const t = performance.now();
    const { total } = rankPosts(index, blog, parsed.terms, POSTS_PER_PAGE);
    times.push(performance.now() - t);
    if (total === 0) throw new Error(`"${query}" found nothing`);
  }
  return times.sort((a, b) => a - b)[RANK_ROUNDS >> 1]!;
}

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error("run with node --expose-gc --conditions=react-server --import tsx bench/scale-memory.ts");
  for (let i = 0; i < 3; i++) gc();
  // Typed arrays keep their contents outside the JavaScript heap: counted too.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Bytes per post of each part, for a blog of `posts` synthetic posts plus the demo ones. */
export async function measurePostMemory(posts: number): Promise<PostMemory> {
  const ws = await startLocalWorkspaceServer({
    port: 0,
    dataDir: ":memory:",
    reset: { posts },
    log: () => {},
  });
  try {
    const client = createWorkspaceClient({
      apiBase: `${ws.url}/api/external`,
      apiKey: LOCAL_DEMO_API_KEY,
      timeoutMs: 120_000,
      maxRetries: 0,
      log: () => {},
    });
    // One list first, discarded: what the workspace's side keeps after answering is not the store's.
    await client.listBlogPosts();
    const before = heapAfterGc();
    const blog = buildBlog(await client.listBlogPosts());
    const withStore = heapAfterGc();
    const index = await buildSearchIndex(blog.posts);
    const withIndex = heapAfterGc();
    const n = blog.posts.length;
    // Keep both reachable until the last measure.
    if (!index.documentCount) throw new Error("nothing was built");
    const queries = rankQueries(posts);
    return {
      posts: n,
      storeBytes: (withStore - before) / n,
      indexBytes: (withIndex - withStore) / n,
      rankMs: {
        onePost: rankMs(index, blog, queries.onePost),
        everyPost: rankMs(index, blog, queries.everyPost),
        everyPostTypo: rankMs(index, blog, queries.everyPostTypo),
      },
    };
  } finally {
    await ws.close();
  }
}

async function main(): Promise<void> {
  const json = process.argv.includes("--json");
  const sizes = process.argv
    .slice(2)
    .filter((a) => a !== "--json")
    .map(Number);
  for (const posts of sizes.length ? sizes : [1_000, 10_000]) {
    const m = await measurePostMemory(posts);
    if (json) {
      console.log(JSON.stringify(m));
      continue;
    }
    const total = m.storeBytes + m.indexBytes;
    console.log(
      `${m.posts} posts: store ${m.storeBytes.toFixed(0)} B/post, index ${m.indexBytes.toFixed(0)} B/post, ` +
        `total ${total.toFixed(0)} B/post (${((total * m.posts) / 2 ** 20).toFixed(1)} MiB); ` +
        `ranking a results page: one post ${m.rankMs.onePost.toFixed(2)} ms, every post ${m.rankMs.everyPost.toFixed(2)} ms, ` +
        `every post with a typo ${m.rankMs.everyPostTypo.toFixed(2)} ms`,
    );
  }
}

if (process.argv[1]?.endsWith("scale-memory.ts"))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
