import { ogImage } from "@/lib/blog/og";
import { blogForPage } from "@/lib/blog/pages";

export const dynamic = "force-static";

export async function GET() {
  const { blog, t } = await blogForPage();
  return ogImage({
    blogName: blog.name,
    title: blog.name,
    eyebrow: t("home.eyebrow"),
    coverUrl: null,
  });
}
