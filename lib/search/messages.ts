import type { Translate } from "../i18n";
import { MAX_QUERY_CHARS, MAX_TERMS } from "./query";
import type { SearchPageResult } from "./results";

// What the search page says beyond a plain phrase, as whole sentences: one text node each for screen readers.

export const tooLongMessage = (t: Translate, length: number) =>
  t("search.tooLong", { length, max: MAX_QUERY_CHARS });

export function resultSummary(t: Translate, r: Extract<SearchPageResult, { kind: "results" }>): string {
  const count = t(r.matched === "some" ? "search.matchesSome" : "search.matchesAll", { count: r.total });
  const where = r.pages > 1 ? ` ${t("search.pageOf", { page: r.page, pages: r.pages })}` : "";
  const dropped = r.droppedTerms > 0 ? ` ${t("search.dropped", { max: MAX_TERMS })}` : "";
  return `${count}${where}${dropped}`;
}
