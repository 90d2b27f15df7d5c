import type { Metadata } from "next";
import blogStyles from "@/components/blog/blog.module.css";
import { SearchForm } from "@/components/search/search-form";
import { busyMessage } from "@/lib/search/messages";

/*
 * The answer to a search refused before it reached the search page (lib/search/refuse-early.ts):
 * prerendered, so refusing a flood costs what serving a cached page does. The browser keeps the
 * address it asked for (/search?q=…); this page is what it shows.
 */

export const dynamic = "force-static";

export const metadata: Metadata = { title: "Search", robots: { index: false, follow: true } };

export default function SearchBusyPage() {
  return (
    <div className={`container ${blogStyles.page}`}>
      <h1 className={blogStyles.heroTitle}>Search</h1>
      <SearchForm id="search-page-q" label="Search the blog" variant="page" />
      <p role="alert">{busyMessage}</p>
    </div>
  );
}
