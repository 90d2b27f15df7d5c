import type { Metadata } from "next";
import { headers } from "next/headers";
import { after } from "next/server";
import { notFound } from "next/navigation";
import { PostGrid } from "@/components/blog/post-card";
import blogStyles from "@/components/blog/blog.module.css";
import { SearchForm } from "@/components/search/search-form";
import { Pagination } from "@/components/blog/pagination";
import { SearchResults } from "@/components/search/search-results";
import searchStyles from "@/components/search/search.module.css";
import { whoIsAsking } from "@/lib/http/client-key";
import { env } from "@/lib/config/env";
import { siteText } from "@/lib/config/text";
import { blogList } from "@/lib/blog/source";
import { admitSearch, type ChargeRanking } from "@/lib/search/admission";
import { firstParam, MAX_QUERY_CHARS, parseSearchPage, parseSearchQuery } from "@/lib/search/query";
import { resultSummary, searchPage, searchPath } from "@/lib/search/results";

// Rendered per request from the blog the pages are built from (never the workspace); noindex.

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = parseSearchQuery(firstParam((await searchParams).q));
  const t = siteText();
  return {
    title: query.kind === "ok" ? t("search.metaTitle", { query: query.text }) : t("search.title"),
    robots: { index: false, follow: true },
  };
}

export default async function SearchPageView({ searchParams }: Props) {
  const params = await searchParams;
  const query = parseSearchQuery(firstParam(params.q));
  const page = parseSearchPage(firstParam(params.page));
  if (page === null) notFound();
  const t = siteText();

  const shown = query.kind === "ok" ? query.text : query.kind === "too_long" ? query.shown : "";
  const frame = (title: string, body: React.ReactNode) => (
    <div className={`container ${blogStyles.page}`}>
      <h1 className={blogStyles.heroTitle}>{title}</h1>
      <SearchForm id="search-page-q" label={t("search.pageLabel")} defaultValue={shown} variant="page" />
      {body}
    </div>
  );
  const refusal = (text: string) => frame(t("search.title"), <p role="alert">{text}</p>);

  let charge: ChargeRanking | undefined;
  if (query.kind === "ok") {
    // Only real searches are admitted and counted, before the blog is read: a refusal costs little.
    const admission = await admitSearch(whoIsAsking({ headers: await headers() }, env().trustProxy));
    if (admission.kind === "limited") return refusal(t("search.rateLimited", { count: admission.wait }));
    if (admission.kind === "busy") return refusal(t("search.busy"));
    // The holder is charged the search's whole time, rendering included, however it ends.
    after(() => void admission.request.end());
    charge = admission.request.charge;
  }
  const blog = await blogList();
  const result = await searchPage(blog, query, page, charge);
  if (!result) notFound();

  switch (result.kind) {
    case "empty":
      return frame(
        t("search.title"),
        <p className={blogStyles.lede}>{t("search.empty", { count: blog.posts.length })}</p>,
      );
    case "too_long":
      return refusal(t("search.tooLong", { length: result.length, max: MAX_QUERY_CHARS }));
    case "no_match":
      return frame(
        t("search.noResultsTitle", { query: result.text }),
        <>
          <p className={blogStyles.lede}>{t("search.noMatch", { query: result.text })}</p>
          {result.newest.length ? (
            <section aria-labelledby="newest-title" className={blogStyles.more}>
              <h2 id="newest-title">{t("search.newest")}</h2>
              <PostGrid posts={result.newest} headingLevel={3} />
            </section>
          ) : null}
        </>,
      );
    case "results":
      return frame(
        t("search.resultsTitle", { query: result.text }),
        <>
          <p className={searchStyles.notice}>{resultSummary(t, result)}</p>
          <SearchResults hits={result.hits} />
          <Pagination
            page={result.page}
            pages={result.pages}
            href={(n) => searchPath(result.text, n)}
            previousLabel={t("search.previous")}
            nextLabel={t("search.next")}
            plainLinks
          />
        </>,
      );
  }
}
