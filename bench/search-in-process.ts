import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { buildSearchIndex } from "../lib/search/engine";
import { rankPosts } from "../lib/search/ranking";
import { parseSearchQuery } from "../lib/search/query";
import { log } from "./lib";
import { latency, type SearchBenchResult } from "./search";
import { BENCH_QUERIES, syntheticBlog } from "../tests/helpers/search-corpus";

/*
 * The search index's own cost (build time and memory at 10,000 posts, latency at 100 and
 * 10,000 posts), run as a child of the bench (bench/search.ts): its heap figure is then the
 * index alone, and its seconds of synchronous work cannot starve the bench's own sockets.
 * Prints one JSON line.
 */

function gcFunction(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const termsOf = (q: string) => {
  const parsed = parseSearchQuery(q);
  return parsed.kind === "ok" ? parsed.terms : [];
};

/** The index's own cost, measured in this process: no server, no HTTP. */
async function searchInProcess(rounds = 60): Promise<SearchBenchResult["inProcess"]> {
  const gc = gcFunction();
  const measure = async (posts: number) => {
    const blog = syntheticBlog(posts);
    // Typed arrays keep their contents outside the JavaScript heap: counted too.
    const used = () => {
      for (let i = 0; i < 3; i++) gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = used();
    const t0 = performance.now();
    const index = await buildSearchIndex(blog.posts);
    const buildMs = performance.now() - t0;
    const heap = used() - before;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++)
      for (const q of BENCH_QUERIES) {
        const terms = termsOf(q);
        const t = performance.now();
        rankPosts(index, blog, terms);
        times.push(performance.now() - t);
      }
    return { buildMs, heap, sample: latency(posts, times) };
  };
  const small = await measure(100);
  const large = await measure(10_000);
  log(
    `search in process: p50 ${small.sample.p50Ms.toFixed(3)} ms (100) vs ${large.sample.p50Ms.toFixed(3)} ms (10,000); build ${large.buildMs.toFixed(0)} ms, ${(large.heap / 1024 / 1024).toFixed(1)} MiB at 10,000`,
  );
  return {
    queries: BENCH_QUERIES,
    small: small.sample,
    large: large.sample,
    buildMsAt10k: large.buildMs,
    indexHeapBytesAt10k: large.heap,
    p50Ratio: large.sample.p50Ms / small.sample.p50Ms,
    p99Ratio: large.sample.p99Ms / small.sample.p99Ms,
  };
}

void searchInProcess().then((result) => process.stdout.write(JSON.stringify(result) + "\n"));
