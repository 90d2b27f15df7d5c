import { MAX_QUERY_CHARS, MAX_TERMS } from "./query";
import type { SearchPageResult } from "./results";

/*
 * What the search page says, as whole sentences: one text node each, so screen readers and
 * tests get them as written.
 */

export const quoted = (text: string) => `“${text}”`;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

export const rateLimitedMessage = (waitSeconds: number) =>
  `You have searched many times in a short while. Try again in ${plural(waitSeconds, "second", "seconds")}.`;

export const busyMessage =
  "Search is busy right now, so yours was not run. Try again in a few seconds; the rest of the blog is available as usual.";

export const emptyMessage = (postCount: number) =>
  `Search the titles, descriptions, topics and authors of ${plural(postCount, "post", "posts")}. Partial words and small typos are fine.`;

export const tooLongMessage = (length: number) =>
  `Your search is ${length.toLocaleString("en")} characters long; searches can be up to ${MAX_QUERY_CHARS}. Try a few distinctive words.`;

export const noMatchMessage = (text: string) =>
  `No posts match ${quoted(text)}. Check the spelling, or try fewer or more general words.`;

export function resultSummary(r: Extract<SearchPageResult, { kind: "results" }>): string {
  const count = plural(r.total, "post matches", "posts match");
  const some = r.matched === "some" ? " some of your words (none matches all of them)" : "";
  const where = r.pages > 1 ? `; page ${r.page} of ${r.pages}` : "";
  const dropped = r.droppedTerms > 0 ? ` Only the first ${MAX_TERMS} words were searched.` : "";
  return `${count}${some}${where}.${dropped}`;
}
