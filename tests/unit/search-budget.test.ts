import { describe, expect, it } from "vitest";
import { syntheticBlog } from "@/tests/helpers/search-corpus";
import { SearchBusyError, createSearchBudget, isSearchBusy } from "@/lib/search/budget";
import { buildSearchIndex } from "@/lib/search/engine";
import { MAX_FUZZY_TERMS, MAX_QUERY_COST, planQuery } from "@/lib/search/query-plan";
import { rankPosts } from "@/lib/search/ranking";
import { parseSearchQuery } from "@/lib/search/query";

/*
 * What one search may cost (query-plan.ts) and what all searches together may cost (budget.ts).
 */

const LIMITS = { concurrency: 4, msPerSecond: 250, burstMs: 500, windowSeconds: 30 };
const ONE = "203.0.113.0/24";
const READER = "2001:db8:1:2::/64";

/** A search that ranks for `ms` on the fake clock (what engine.ts reports through `charge`). */
const ranking = (ms: number) => async (charge: (ms: number) => void) => {
  charge(ms);
  return "ran";
};

describe("site-wide search budget", () => {
  it("refuses at once beyond the concurrent searches, and runs again when one finishes", async () => {
    const budget = createSearchBudget({ ...LIMITS, concurrency: 2 });
    const releases: (() => void)[] = [];
    const held = () =>
      budget.run(ONE, () => new Promise<string>((resolve) => releases.push(() => resolve("ran"))));
    const first = held();
    const second = held();
    await expect(budget.run(ONE, async () => "third")).rejects.toBeInstanceOf(SearchBusyError);
    releases.shift()!();
    expect(await first).toBe("ran");
    expect(await budget.run(ONE, async () => "third")).toBe("third");
    releases.shift()!();
    await second;
  });

  it("refuses once ranking has used the budget, lets a network that has not searched overdraw it a little, and admits again as time passes", async () => {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    await budget.run(ONE, ranking(600));
    await expect(budget.run(ONE, ranking(1))).rejects.toBeInstanceOf(SearchBusyError);
    expect(await budget.run(READER, ranking(200))).toBe("ran");
    await expect(budget.run("192.0.2.0/24", ranking(1))).rejects.toBeInstanceOf(SearchBusyError);
    clock += 2_000; // 500 ms back: 200 left
    expect(await budget.run("192.0.2.0/24", ranking(1))).toBe("ran");
  });

  it("charges a search request its share of the process's time: overlapping requests split it", async () => {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    const alone = budget.startRequest(ONE);
    await alone.run(ranking(10));
    clock += 40;
    expect(alone.end()).toBe(30); // 40 ms under way, 10 of them ranking (charged as it ran)
    const first = budget.startRequest(ONE);
    const second = budget.startRequest(READER);
    clock += 100; // both under way: 50 each
    expect(second.end()).toBe(50);
    clock += 20; // the first alone again
    expect(first.end()).toBe(70);
    expect(first.end()).toBe(0); // ended once
  });

  it("charges the process's CPU time, not time spent waiting: a request that waits on nothing costs nothing more", async () => {
    // The default clocks: a search that sleeps (as one does while the machine serves other
    // processes, or while its response drains) is charged the CPU it used, not the wall time.
    const budget = createSearchBudget();
    const request = budget.startRequest(ONE);
    await request.run(async () => "ran");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(request.end()).toBeLessThan(50);
  });

  it("charges an admitted search's rest at once, as estimated, so a burst is refused before its pages are sent", async () => {
    const clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    const admitted: string[] = [];
    for (let i = 0; i < 40; i++) {
      const request = budget.startRequest(ONE);
      try {
        admitted.push(await request.run(ranking(5)));
      } catch (error) {
        expect(error).toBeInstanceOf(SearchBusyError);
      }
    }
    // 5 ms of ranking and an estimated 20 ms of rest each: the open half of the 500 ms burst and
    // the network's own share hold about ten, where ranking alone would have let all 40 through.
    expect(admitted.length).toBeGreaterThanOrEqual(8);
    expect(admitted.length).toBeLessThanOrEqual(12);
  });

  it("one network alone may use the whole rate, and a reader from another network is still served", async () => {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    let served = 0;
    const reader: string[] = [];
    for (; clock < 60_000; clock += 100) {
      served += await budget.run(ONE, ranking(50)).then(
        () => 50,
        () => 0,
      );
      if (clock % 5_000 === 2_000)
        reader.push(await budget.run(READER, ranking(50)).catch((e: Error) => e.name));
    }
    expect(served).toBeGreaterThanOrEqual(60 * LIMITS.msPerSecond * 0.8);
    expect(served).toBeLessThanOrEqual(60 * LIMITS.msPerSecond + LIMITS.burstMs);
    expect(reader).toHaveLength(12);
    expect(reader).toEqual(Array(reader.length).fill("ran"));
  });

  /**
   * `attackers` clients (each in the network `networkOf` gives it) each ask for a search of
   * `attackerMs` once a second for two minutes; a reader from another network searches every
   * ten seconds after the first twenty. What the reader got, and what the attackers got.
   */
  async function flood(attackers: number, networkOf: (i: number) => string, attackerMs: number) {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    let attackerServedMs = 0;
    let attackerRefused = 0;
    const readerAnswers: string[] = [];
    for (let second = 0; second < 120; second++) {
      for (let i = 0; i < attackers; i++) {
        clock = second * 1000 + (i * 1000) / attackers;
        await budget.run(networkOf(i), ranking(attackerMs)).then(
          () => (attackerServedMs += attackerMs),
          (error: unknown) => {
            expect(error).toBeInstanceOf(SearchBusyError);
            attackerRefused++;
          },
        );
      }
      if (second >= 20 && second % 10 === 0) {
        clock = second * 1000 + 500 + 1;
        readerAnswers.push(await budget.run(READER, ranking(attackerMs)).catch((e: Error) => e.name));
      }
    }
    return { readerAnswers, attackerServedMs, attackerRefused };
  }

  it("30 attacker addresses in 3 networks searching once a second: a reader from another network is served every time", async () => {
    // A fuzzy query at 10,000 posts: 30 of them ask for 1.8 s of ranking a second.
    const { readerAnswers, attackerServedMs, attackerRefused } = await flood(
      30,
      (i) => `198.51.${i % 3}.0/24`,
      60,
    );
    // Before the share per network every reader search was refused like the flood's.
    expect(readerAnswers).toEqual(Array(readerAnswers.length).fill("ran"));
    expect(attackerRefused).toBeGreaterThan(0);
    // Together the attackers got what their networks' shares allow, not more: ranking keeps its bound.
    expect(attackerServedMs).toBeLessThanOrEqual(120 * LIMITS.msPerSecond + LIMITS.burstMs);
  });

  it("30 attacker networks searching once a second: a reader searching every ten seconds is served every time", async () => {
    const { readerAnswers } = await flood(30, (i) => `198.51.${i}.0/24`, 60);
    expect(readerAnswers).toEqual(Array(readerAnswers.length).fill("ran"));
  });

  it("a flood of networks new to the budget spends the bucket and no more", async () => {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    let servedMs = 0;
    for (let i = 0; i < 100; i++) {
      const ok = await budget.run(`198.51.${i}.0/24`, ranking(100)).then(
        () => true,
        () => false,
      );
      if (ok) servedMs += 100;
    }
    // The bucket, and half of it again overdrawn, and the last search's own cost: never more.
    expect(servedMs).toBeLessThanOrEqual(LIMITS.burstMs * 1.5 + 100);
    await expect(budget.run("192.0.2.0/24", ranking(1))).rejects.toBeInstanceOf(SearchBusyError);
    clock += 4_000; // the bucket refills: a fresh reader is served again
    expect(await budget.run("192.0.2.0/24", ranking(1))).toBe("ran");
  });

  it("says beforehand whether a network's search would run (what refuse-early.ts asks)", async () => {
    let clock = 0;
    const budget = createSearchBudget(
      LIMITS,
      () => clock,
      () => clock,
    );
    expect(budget.admits(ONE)).toBe(true);
    await budget.run(ONE, ranking(600));
    expect(budget.admits(ONE)).toBe(false);
    expect(budget.admits(READER)).toBe(true);
    clock += 10_000;
    expect(budget.admits(ONE)).toBe(true);
  });

  it("knows its refusal by code, as made by another copy of this module, never by its name", () => {
    class OtherCopysError extends Error {
      readonly code = "search_busy";
    }
    class SameNameError extends Error {
      constructor() {
        super("search busy");
        this.name = "SearchBusyError";
      }
    }
    expect(isSearchBusy(new OtherCopysError())).toBe(true);
    expect(isSearchBusy(new SearchBusyError())).toBe(true);
    expect(isSearchBusy(new SameNameError())).toBe(false);
    expect(isSearchBusy(new TypeError("bug"))).toBe(false);
    expect(isSearchBusy({ code: "search_busy" })).toBe(false);
  });

  it("passes other errors through", async () => {
    const budget = createSearchBudget();
    await expect(budget.run(ONE, async () => Promise.reject(new TypeError("bug")))).rejects.toBeInstanceOf(
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
