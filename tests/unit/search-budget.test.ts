import { describe, expect, it } from "vitest";
import { syntheticBlog } from "@/bench/search-corpus";
import { SearchBusyError, createSearchBudget } from "@/lib/search/budget";
import { MAX_FUZZY_TERMS, MAX_QUERY_COST, buildSearchIndex, planQuery, rankPosts } from "@/lib/search/engine";
import { parseSearchQuery } from "@/lib/search/query";

/*
 * What one search may cost (engine.ts) and what all searches together may cost (budget.ts).
 */

describe("site-wide search budget", () => {
  it("refuses at once beyond the concurrent searches, and runs again when one finishes", async () => {
    const budget = createSearchBudget({ concurrency: 2, msPerSecond: 250, burstMs: 500 });
    const releases: (() => void)[] = [];
    const held = () =>
      budget.run(() => new Promise<string>((resolve) => releases.push(() => resolve("ran"))));
    const first = held();
    const second = held();
    await expect(budget.run(async () => "third")).rejects.toBeInstanceOf(SearchBusyError);
    releases.shift()!();
    expect(await first).toBe("ran");
    expect(await budget.run(async () => "third")).toBe("third");
    releases.shift()!();
    await second;
  });

  it("refuses once ranking has used its share of time, and admits again as time passes", async () => {
    let clock = 0;
    const budget = createSearchBudget({ concurrency: 4, msPerSecond: 250, burstMs: 500 }, () => clock);
    await budget.run(async () => budget.charge(600));
    await expect(budget.run(async () => "x")).rejects.toBeInstanceOf(SearchBusyError);
    clock += 500; // 125 ms back at 250 a second: 500 - 600 + 125 = 25 left
    expect(await budget.run(async () => "x")).toBe("x");
    budget.charge(400);
    await expect(budget.run(async () => "x")).rejects.toBeInstanceOf(SearchBusyError);
    clock += 10_000; // never more than the burst
    budget.charge(499);
    expect(await budget.run(async () => "x")).toBe("x");
  });

  it("passes other errors through", async () => {
    const budget = createSearchBudget();
    await expect(budget.run(async () => Promise.reject(new TypeError("bug")))).rejects.toBeInstanceOf(
      TypeError,
    );
  });
});

describe("bounded cost per query (10,000 posts)", () => {
  const blog = syntheticBlog(10_000);
  const index = buildSearchIndex(blog.posts);
  const terms = (q: string) => {
    const parsed = parseSearchQuery(q);
    if (parsed.kind !== "ok") throw new Error(q);
    return parsed.terms;
  };

  it("narrows wide prefixes, then leaves out the commonest words, and always searches one", () => {
    // Short prefixes that expand to thousands of words: over a second of CPU before the bound.
    const wide = planQuery(index, terms("kal lom mis ren sto vas dul pex"));
    expect(wide.prefix.size).toBeLessThan(8);
    const common = planQuery(index, terms("grace linus mei rafael priya ada engineering writing"));
    expect(common.omitted.length).toBeGreaterThan(0);
    expect(common.terms.length + common.omitted.length).toBe(8);
    const single = planQuery(index, terms("engineering"));
    expect(single.terms).toEqual(["engineering"]);
  });

  it("looks up typos for at most MAX_FUZZY_TERMS words, and only words the blog does not use", () => {
    const plan = planQuery(index, terms("statc blgo feture flgs"));
    expect(plan.fuzzy.size).toBe(MAX_FUZZY_TERMS);
    expect(planQuery(index, terms("static")).fuzzy.size).toBe(0);
  });

  it("keeps what a reader types as it was: ordinary queries are not trimmed", () => {
    for (const q of ["static blog", "statc blg", "remote work", "cach", "c++ profiling"]) {
      const plan = planQuery(index, terms(q));
      expect(plan.omitted, q).toEqual([]);
    }
    // The typo still finds its post.
    const hits = rankPosts(index, blog, terms("statc blg")).hits.map((h) => h.post.title);
    expect(hits).toContain("Shipping a Static Blog That Still Feels Live");
  });

  it("the worst queries cost a bounded amount of CPU", () => {
    const worst = [
      "kal lom mis ren sto vas dul pex",
      "grace linus mei rafael priya ada engineering writing",
      "eng per wri rem cul des acc pro",
    ];
    for (const q of worst) rankPosts(index, blog, terms(q));
    const before = process.cpuUsage();
    for (const q of worst) rankPosts(index, blog, terms(q));
    const ms = process.cpuUsage(before).user / 1000;
    // Generous for a busy machine (each took 150-1,500 ms before the bound); the bench has figures.
    expect(ms / worst.length).toBeLessThan(100);
    expect(MAX_QUERY_COST).toBeGreaterThan(0);
  });
});
