import { permanentRedirect } from "next/navigation";
import { blogForPage } from "@/lib/blog/pages";
import { parsePageParam, prerenderPages } from "@/lib/blog/paths";
import { BlogIndexView, blogIndexMetadata } from "../../index-view";

type Props = { params: Promise<{ page: string }> };

/** Pages covering the prerendered posts are built; older pages render on first request. */
export async function generateStaticParams() {
  const { blog, settings } = await blogForPage();
  return prerenderPages(blog.posts.length, settings.prerenderLimit).map((n) => ({ page: String(n) }));
}

export async function generateMetadata({ params }: Props) {
  return blogIndexMetadata(parsePageParam((await params).page));
}

export default async function BlogIndexPageN({ params }: Props) {
  const page = parsePageParam((await params).page);
  if (page === 1) permanentRedirect("/blog");
  return <BlogIndexView page={page} />;
}
