import type { Translate } from "../i18n";
import { MAX_QUERY_CHARS, MAX_TERMS } from "./query";
import type { SearchPageResult } from "./results";

/*
 * What the search page says, as whole sentences in the site's words (`t`): one text node each,
 * so screen readers and tests get them as written.
 */

export const rateLimitedMessage = (t: Translate, waitSeconds: number) =>
  t("search.rateLimited", { count: waitSeconds });

export const busyMessage = (t: Translate) => t("search.busy");

export const emptyMessage = (t: Translate, postCount: number) => t("search.empty", { count: postCount });

export const tooLongMessage = (t: Translate, length: number) =>
  t("search.tooLong", { length, max: MAX_QUERY_CHARS });

export const noMatchMessage = (t: Translate, text: string) => t("search.noMatch", { query: text });

export function resultSummary(t: Translate, r: Extract<SearchPageResult, { kind: "results" }>): string {
  const count = t(r.matched === "some" ? "search.matchesSome" : "search.matchesAll", { count: r.total });
  const where = r.pages > 1 ? ` ${t("search.pageOf", { page: r.page, pages: r.pages })}` : "";
  const dropped = r.droppedTerms > 0 ? ` ${t("search.dropped", { max: MAX_TERMS })}` : "";
  return `${count}${where}${dropped}`;
}
