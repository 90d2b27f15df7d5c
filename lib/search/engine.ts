import { setTimeout as sleep } from "node:timers/promises";
import type { Blog } from "../blog/model";
import type { Post } from "../blog/post";
import { blogDerived, warmWith } from "../blog/store-state";
import { processMemo } from "../memo/process-memo.mjs";
import type { ChargeRanking } from "./admission";
import { FIELDS, IndexBuilder, type InvertedIndex } from "./inverted-index";
import { rankPosts, type SearchOutcome } from "./ranking";

// Search over the blog the pages hold: each copy's index is built in the background as soon as the
// store has it; while the next builds, the previous copy answers after INDEX_WAIT_MS.

export type SearchIndex = InvertedIndex;

const BUILD_CHUNK = 500;

function fieldsOf(p: Post): string[] {
  const text = {
    title: p.title,
    keywords: p.keywords.map((k) => k.label).join(" · "),
    authors: p.authors.map((a) => a.name).join(" · "),
    description: p.description,
  };
  return FIELDS.map((f) => text[f]);
}

/** Builds a chunk of posts at a time, yielding to the event loop between chunks. */
export async function buildSearchIndex(posts: readonly Post[]): Promise<SearchIndex> {
  const builder = new IndexBuilder();
  for (let i = 0; i < posts.length; i += BUILD_CHUNK) {
    for (const p of posts.slice(i, i + BUILD_CHUNK)) builder.add(fieldsOf(p));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return builder.finish();
}

type Indexed = { blog: Blog; index: SearchIndex };
/** The newest indexed copy of the blog (for searches while the next builds) and the search time (admission.ts). */
export const searchProcess = () =>
  processMemo("search", () => ({ ready: null as Indexed | null, time: undefined as unknown }));

function indexBlog(blog: Blog): Promise<SearchIndex> {
  return buildSearchIndex(blog.posts).then((index) => {
    searchProcess().ready = { blog, index };
    return index;
  });
}

/** The index of this copy of the blog: built once, shared by every search. */
export function searchIndexFor(blog: Blog): Promise<SearchIndex> {
  return blogDerived(blog, "searchIndex", indexBlog);
}

/** Builds the index of every new copy in the background, before a search asks (instrumentation.ts). */
export function indexEachNewBlog(): void {
  warmWith("searchIndex", indexBlog);
}

const INDEX_WAIT_MS = 50;

async function readyIndex(blog: Blog): Promise<Indexed> {
  const building = searchIndexFor(blog).then((index) => ({ blog, index }));
  const earlier = searchProcess().ready;
  if (!earlier || earlier.blog === blog) return building;
  return Promise.race([building, sleep(INDEX_WAIT_MS, earlier, { ref: false })]);
}

/** The best `limit` hits for parsed terms (query.ts); `charge` is told how long the ranking took. */
export async function searchPosts(
  blog: Blog,
  terms: readonly string[],
  charge: ChargeRanking,
  limit = Infinity,
): Promise<SearchOutcome> {
  if (terms.length === 0) return { hits: [], total: 0, matched: "all" };
  const ready = await readyIndex(blog);
  const started = performance.now();
  try {
    return rankPosts(ready.index, ready.blog, terms, limit);
  } finally {
    charge(performance.now() - started);
  }
}
