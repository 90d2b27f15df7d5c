import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { syntheticBlog } from "@/tests/helpers/search-corpus";
import { createSearchTime, type SearchTime } from "@/lib/search/admission";
import { buildSearchIndex, type SearchIndex } from "@/lib/search/engine";
import { MAX_FUZZY_TERMS, MAX_QUERY_COST, planQuery } from "@/lib/search/query-plan";
import { rankPosts } from "@/lib/search/ranking";
import { parseSearchQuery } from "@/lib/search/query";

/*
 * What one search may cost (query-plan.ts) and what all searches together may cost: the site's
 * search time in admission.ts, on rate-limiter-flexible's in-memory windows (on a fake clock).
 */

const LIMITS = { msPerSecond: 250, windowSeconds: 2, holderSeconds: 8, activeSeconds: 30 };
const WINDOW = LIMITS.msPerSecond * LIMITS.windowSeconds;
const ONE = "203.0.113.0/24";
const READER = "2001:db8:1::/48";

/** The process's CPU clock, as the tests move it. */
let cpu = 0;
const clock = () => cpu;
const later = (ms: number) => vi.advanceTimersByTime(ms);

/**
 * One search for `holder` that ranks for `ms` and costs nothing more: "ran", or "busy" when the
 * site's time refuses it.
 */
async function search(time: SearchTime, holder: string, ms: number): Promise<"ran" | "busy"> {
  if (!(await time.admits(holder))) return "busy";
  const request = time.start(holder);
  request.charge(ms);
  request.end();
  return "ran";
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: 1_000_000 });
  cpu = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the site's search time", () => {
  it("refuses once ranking has used the window, lets a holder that has not searched go over it by half, and admits again as time passes", async () => {
    const time = createSearchTime(LIMITS, clock);
    expect(await search(time, ONE, 600)).toBe("ran");
    expect(await search(time, ONE, 1)).toBe("busy");
    expect(await search(time, READER, 200)).toBe("ran");
    expect(await search(time, "192.0.2.0/24", 1)).toBe("busy");
    later(LIMITS.windowSeconds * 1000 + 1);
    expect(await search(time, "192.0.2.0/24", 1)).toBe("ran");
  });

  it("charges a search request its share of the process's time: overlapping requests split it", async () => {
    const time = createSearchTime(LIMITS, clock);
    const alone = time.start(ONE);
    alone.charge(10);
    cpu += 40;
    expect(alone.end()).toBe(30); // 40 ms under way, 10 of them ranking (charged as it ran)
    const first = time.start(ONE);
    const second = time.start(READER);
    cpu += 100; // both under way: 50 each
    expect(second.end()).toBe(50);
    cpu += 20; // the first alone again
    expect(first.end()).toBe(70);
    expect(first.end()).toBe(0); // ended once
  });

  it("charges the process's CPU time, not time spent waiting: a request that waits on nothing costs nothing more", async () => {
    vi.useRealTimers();
    const request = createSearchTime().start(ONE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Well below the 300 ms of wall time, whatever else this process did meanwhile.
    expect(request.end()).toBeLessThan(150);
  });

  it("charges an admitted search's rest at once, as estimated, so a burst is refused before its pages are sent", async () => {
    const time = createSearchTime(LIMITS, clock);
    let admitted = 0;
    for (let i = 0; i < 40; i++) {
      if (!(await time.admits(ONE))) continue;
      time.start(ONE).charge(5); // not ended: its page is still being sent
      admitted++;
    }
    // 5 ms of ranking and an estimated 20 ms of rest each: the window holds about twenty, where
    // ranking alone would have let all 40 through.
    expect(admitted).toBeGreaterThanOrEqual(WINDOW / 25 - 1);
    expect(admitted).toBeLessThanOrEqual(WINDOW / 25 + 1);
  });

  it("one holder alone may use the whole rate, and a reader from another holder is still served", async () => {
    const time = createSearchTime(LIMITS, clock);
    let served = 0;
    const reader: string[] = [];
    for (let t = 0; t < 60_000; t += 100) {
      if ((await search(time, ONE, 50)) === "ran") served += 50;
      if (t % 10_000 === 2_000) reader.push(await search(time, READER, 50));
      later(100);
    }
    expect(served).toBeGreaterThanOrEqual(60 * LIMITS.msPerSecond * 0.8);
    expect(served).toBeLessThanOrEqual(60 * LIMITS.msPerSecond + WINDOW);
    expect(reader).toEqual(Array(6).fill("ran"));
  });

  /**
   * `attackers` clients (each in the holder `holderOf` gives it) each ask for a search of
   * `attackerMs` once a second for two minutes; a reader from another holder searches every ten
   * seconds after the first twenty. What the reader got, and what the attackers got.
   */
  async function flood(attackers: number, holderOf: (i: number) => string, attackerMs: number) {
    const time = createSearchTime(LIMITS, clock);
    let attackerServedMs = 0;
    let attackerRefused = 0;
    const readerAnswers: string[] = [];
    for (let second = 0; second < 120; second++) {
      for (let i = 0; i < attackers; i++) {
        if ((await search(time, holderOf(i), attackerMs)) === "ran") attackerServedMs += attackerMs;
        else attackerRefused++;
        later(1000 / attackers / 2);
      }
      if (second >= 20 && second % 10 === 0) readerAnswers.push(await search(time, READER, attackerMs));
      later(500);
    }
    return { readerAnswers, attackerServedMs, attackerRefused };
  }

  it("30 attacker addresses in 3 holders searching once a second: a reader from another holder is served every time", async () => {
    // A fuzzy query at 10,000 posts: 30 of them ask for 1.8 s of ranking a second.
    const { readerAnswers, attackerServedMs, attackerRefused } = await flood(
      30,
      (i) => `198.51.${i % 3}.0/24`,
      60,
    );
    expect(readerAnswers).toEqual(Array(readerAnswers.length).fill("ran"));
    expect(attackerRefused).toBeGreaterThan(0);
    // Together the attackers got what the site's windows allow, not more: ranking keeps its bound.
    expect(attackerServedMs).toBeLessThanOrEqual(120 * LIMITS.msPerSecond * 1.5 + WINDOW);
  });

  it("30 attacker holders searching once a second: a reader searching every ten seconds is served every time", async () => {
    const { readerAnswers } = await flood(30, (i) => `198.51.${i}.0/24`, 60);
    expect(readerAnswers).toEqual(Array(readerAnswers.length).fill("ran"));
  });

  it("a flood of holders new to the site's time spends the window and half of it again, no more", async () => {
    const time = createSearchTime(LIMITS, clock);
    let servedMs = 0;
    for (let i = 0; i < 100; i++)
      if ((await search(time, `198.51.${i}.0/24`, 100)) === "ran") servedMs += 100;
    expect(servedMs).toBeLessThanOrEqual(WINDOW * 1.5 + 100);
    expect(await search(time, "192.0.2.0/24", 1)).toBe("busy");
    later(LIMITS.windowSeconds * 1000 + 1); // a new window: a fresh reader is served again
    expect(await search(time, "192.0.2.0/24", 1)).toBe("ran");
  });
});

describe("bounded cost per query (10,000 posts)", () => {
  const blog = syntheticBlog(10_000);
  let index: SearchIndex;
  beforeAll(async () => {
    index = await buildSearchIndex(blog.posts);
  });
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
    expect(common.terms.length).toBeGreaterThan(0);
    expect(common.terms.length).toBeLessThan(8);
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
      expect(plan.terms, q).toEqual(terms(q));
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
