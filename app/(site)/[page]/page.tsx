import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { blogForPage } from "@/lib/blog/pages";
import { pageMetadata } from "@/lib/blog/seo";
import { env } from "@/lib/config/env";
import styles from "./page.module.css";

// The team's own pages from the site file (an Impressum): built with the site; any other address is a 404.

export const dynamicParams = false;

const pageAt = (segment: string) => env().site.pages.find((p) => p.path === `/${segment}`);

export function generateStaticParams(): { page: string }[] {
  return env().site.pages.map((p) => ({ page: p.path.slice(1) }));
}

export async function generateMetadata({ params }: { params: Promise<{ page: string }> }): Promise<Metadata> {
  const page = pageAt((await params).page);
  if (!page) return {};
  // The whole set, as every page of the site: its canonical address and card, the feeds.
  const { blog, site, t } = await blogForPage();
  return pageMetadata({
    blogName: blog.name,
    path: page.path,
    title: page.title,
    description: site.description,
    t,
  });
}

export default async function TeamPage({ params }: { params: Promise<{ page: string }> }) {
  const page = pageAt((await params).page);
  if (!page) notFound();
  return (
    <article className={`container ${styles.page}`}>
      <h1>{page.title}</h1>
      {/* Rendered from the team's Markdown with raw HTML written as text (lib/config/site-pages.ts). */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
