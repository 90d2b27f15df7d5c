import { sitemapChunkFiles, sitemapChunkResponse } from "@/lib/blog/routes";

// Only beyond SITEMAP_URL_LIMIT URLs: built with the site, regenerated with the blog; a file the
// blog grew into since the build renders on first request.
export const dynamic = "force-static";
export const dynamicParams = true;

export function generateStaticParams(): Promise<{ file: string }[]> {
  return sitemapChunkFiles();
}

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return sitemapChunkResponse(file);
}
