import type { Metadata } from "next";
import { blogForPage } from "@/lib/blog/pages";
import { pageCount, postsOnPage } from "@/lib/blog/paths";
import { pageMetadata } from "@/lib/blog/seo";
import { BlogIndexView } from "./index-view";

export async function generateMetadata(): Promise<Metadata> {
  const { blog, t } = await blogForPage();
  return pageMetadata({
    t,
    blogName: blog.name,
    path: "/blog",
    title: t("blog.title"),
    description: t("blog.description", { site: blog.name }),
  });
}

export default async function BlogIndexPage() {
  const { blog, settings } = await blogForPage();
  return (
    <BlogIndexView
      blog={blog}
      posts={postsOnPage(blog.posts, 1) ?? []}
      page={1}
      pages={pageCount(blog.posts.length)}
      settings={settings}
    />
  );
}
