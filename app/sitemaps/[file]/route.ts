import { sitemapChunkFiles, sitemapChunkResponse } from "@/lib/blog/routes";

// Only exists beyond SITEMAP_URL_LIMIT URLs. Each file is built with the site (a crawler should not
// wait while one of 10,000 URLs is written), then regenerated with
// the blog; a file the blog grew into since the build renders on first request, then is cached.
export const dynamic = "force-static";
export const dynamicParams = true;

export function generateStaticParams(): Promise<{ file: string }[]> {
  return sitemapChunkFiles();
}

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return sitemapChunkResponse(file);
}
