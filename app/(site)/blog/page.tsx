import type { Metadata } from "next";
import { blogForPage } from "@/lib/blog/pages";
import { pageCount, postsOnPage } from "@/lib/blog/paths";
import { pageMetadata } from "@/lib/blog/seo";
import { BlogIndexView } from "./index-view";

export async function generateMetadata(): Promise<Metadata> {
  const { blog } = await blogForPage();
  return pageMetadata({
    blogName: blog.name,
    path: "/blog",
    title: "Blog",
    description: `All posts from ${blog.name}, newest first.`,
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
