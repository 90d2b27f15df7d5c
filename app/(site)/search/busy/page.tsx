import type { Metadata } from "next";
import blogStyles from "@/components/blog/blog.module.css";
import { SearchForm } from "@/components/search/search-form";
import { siteText } from "@/lib/config/text";
import { busyMessage } from "@/lib/search/messages";

/*
 * The answer to a search refused before it reached the search page (lib/search/refuse-early.ts):
 * prerendered, so refusing a flood costs what serving a cached page does. The browser keeps the
 * address it asked for (/search?q=…); this page is what it shows.
 */

export const dynamic = "force-static";

export function generateMetadata(): Metadata {
  return { title: siteText()("search.title"), robots: { index: false, follow: true } };
}

export default function SearchBusyPage() {
  const t = siteText();
  return (
    <div className={`container ${blogStyles.page}`}>
      <h1 className={blogStyles.heroTitle}>{t("search.title")}</h1>
      <SearchForm id="search-page-q" label={t("search.pageLabel")} variant="page" />
      <p role="alert">{busyMessage(t)}</p>
    </div>
  );
}
