import { cardByline, ogImage } from "@/lib/blog/og";
import { blogForPage, notFoundText } from "@/lib/blog/pages";

// Rendered on first request, then cached with the blog: never 10,000 at build time.
export const dynamic = "force-static";
export const dynamicParams = true;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { blog, t } = await blogForPage();
  const post = blog.bySlug.get(slug);
  if (!post) return notFoundText();
  return ogImage({
    blogName: blog.name,
    title: post.title,
    byline: cardByline(t, post.authors),
    coverUrl: post.coverImageUrl,
  });
}
