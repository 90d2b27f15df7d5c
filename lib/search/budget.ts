import { createGate, GateBusyError } from "../http/concurrency-gate";
import { processMemo } from "../state/process-memo.mjs";

/*
 * The site-wide search budget, beside the per-client one (rate-limit.ts). Every search ranks on
 * this process's event loop, the one that serves every page, so enough clients each within
 * their own allowance could still keep it busy: 20 addresses at one search a second, at 10,000
 * posts, took a cached page from 3 ms to 2 s. Per process, because it is this process's time:
 *  - at most `concurrency` searches under way at once (waiting for the index, ranking);
 *  - ranking may take at most `msPerSecond` of each second on average (a token bucket of
 *    milliseconds holding at most `burstMs`), so pages keep the rest of the core.
 * Beyond either, the search is refused at once (SearchBusyError): the page says "try again in
 * a moment" instead of queueing work. Each query's own cost is bounded in engine.ts.
 */

export type SearchBudgetLimits = { concurrency: number; msPerSecond: number; burstMs: number };

export const SEARCH_BUDGET: SearchBudgetLimits = { concurrency: 4, msPerSecond: 250, burstMs: 500 };

export class SearchBusyError extends Error {
  constructor() {
    super("search busy");
    this.name = "SearchBusyError";
  }
}

export type SearchBudget = {
  /** Runs one search, or throws SearchBusyError at once when the budget is spent. */
  run<T>(search: () => Promise<T>): Promise<T>;
  /** Records `ms` of ranking (engine.ts measures each ranking). */
  charge(ms: number): void;
};

export function createSearchBudget(
  limits: SearchBudgetLimits = SEARCH_BUDGET,
  now: () => number = () => performance.now(),
): SearchBudget {
  const gate = createGate({ concurrency: limits.concurrency, maxQueue: 0, maxWaitMs: 0 });
  let available = limits.burstMs;
  let at = now();
  const refill = () => {
    const t = now();
    available = Math.min(limits.burstMs, available + ((t - at) * limits.msPerSecond) / 1000);
    at = t;
  };
  return {
    async run(search) {
      refill();
      if (available <= 0) throw new SearchBusyError();
      try {
        return await gate.run(search);
      } catch (error) {
        throw error instanceof GateBusyError ? new SearchBusyError() : error;
      }
    },
    charge(ms) {
      refill();
      available -= ms;
    },
  };
}

/** This process's budget. */
export const searchBudget = () => processMemo("search.budget", () => createSearchBudget());
