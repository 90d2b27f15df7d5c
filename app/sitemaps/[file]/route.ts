import { sitemapChunkFiles, sitemapChunkResponse } from "@/lib/blog/routes";

// Only exists beyond 50,000 URLs. Each file is built with the site (a file of 50,000 URLs takes
// seconds to write on a busy machine: a crawler should not wait for it), then regenerated with
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
