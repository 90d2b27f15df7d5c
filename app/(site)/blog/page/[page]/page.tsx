import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { blogForPage } from "@/lib/blog/pages";
import {
  indexPath,
  pageCount,
  parsePageParam as parsePage,
  postsOnPage,
  prerenderPages,
} from "@/lib/blog/paths";
import { pageMetadata } from "@/lib/blog/seo";
import { BlogIndexView } from "../../index-view";

type Props = { params: Promise<{ page: string }> };

/** Pages covering the prerendered posts are built; older pages render on first request. */
export async function generateStaticParams() {
  const { blog, settings } = await blogForPage();
  return prerenderPages(blog.posts.length, settings.prerenderLimit).map((n) => ({ page: String(n) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { page: raw } = await params;
  const page = parsePage(raw);
  const { blog, t } = await blogForPage();
  if (!postsOnPage(blog.posts, page)) return {};
  return pageMetadata({
    t,
    blogName: blog.name,
    path: indexPath(page),
    title: t("blog.titlePage", { page }),
    description: t("blog.descriptionPage", { site: blog.name, page, pages: pageCount(blog.posts.length) }),
  });
}

export default async function BlogIndexPageN({ params }: Props) {
  const { page: raw } = await params;
  const page = parsePage(raw);
  if (page === 1) permanentRedirect("/blog");
  const { blog, settings } = await blogForPage();
  const posts = postsOnPage(blog.posts, page);
  if (!posts) notFound();
  return (
    <BlogIndexView
      blog={blog}
      posts={posts}
      page={page}
      pages={pageCount(blog.posts.length)}
      settings={settings}
    />
  );
}
