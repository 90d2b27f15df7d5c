import type { Blog } from "../blog/model";
import type { Post } from "../blog/post";
import { pageCount, POSTS_PER_PAGE } from "../blog/paths";
import type { ChargeRanking } from "./admission";
import { searchPosts } from "./engine";
import type { SearchOutcome } from "./ranking";
import type { Translate } from "../i18n";
import { MAX_TERMS, type SearchQuery } from "./query";

/** The newest posts the "nothing matched" answer suggests instead. */
const NEWEST_ON_NO_MATCH = 3;

export type SearchPageResult =
  | { kind: "empty" }
  | { kind: "too_long"; length: number; shown: string }
  | { kind: "no_match"; text: string; newest: Post[] }
  | ({ kind: "results"; text: string; page: number; pages: number; droppedTerms: number } & SearchOutcome);

/** One page of results, paginated like the blog index; null past the last page (a 404, as /blog/page/N). */
export async function searchPage(
  blog: Blog,
  query: SearchQuery,
  page: number,
  charge: ChargeRanking = () => {},
): Promise<SearchPageResult | null> {
  if (query.kind === "empty") return page === 1 ? { kind: "empty" } : null;
  if (query.kind === "too_long") return page === 1 ? query : null;
  // Only the hits up to this page are made: ranking picks them out of every match.
  const outcome = await searchPosts(blog, query.terms, charge, page * POSTS_PER_PAGE);
  if (outcome.total === 0)
    return page === 1
      ? { kind: "no_match", text: query.text, newest: blog.posts.slice(0, NEWEST_ON_NO_MATCH) }
      : null;
  const pages = pageCount(outcome.total);
  if (page > pages) return null;
  return {
    kind: "results",
    text: query.text,
    ...outcome,
    hits: outcome.hits.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE),
    page,
    pages,
    droppedTerms: query.droppedTerms,
  };
}

export function searchPath(text: string, page = 1): string {
  const params = new URLSearchParams({ q: text });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}

/** One sentence, one text node for screen readers. */
export function resultSummary(t: Translate, r: Extract<SearchPageResult, { kind: "results" }>): string {
  const count = t(r.matched === "some" ? "search.matchesSome" : "search.matchesAll", { count: r.total });
  const where = r.pages > 1 ? ` ${t("search.pageOf", { page: r.page, pages: r.pages })}` : "";
  const dropped = r.droppedTerms > 0 ? ` ${t("search.dropped", { max: MAX_TERMS })}` : "";
  return `${count}${where}${dropped}`;
}
