import { sitemapChunkResponse } from "@/lib/blog/routes";

// Only exists beyond 50,000 URLs; each file is rendered on first request, then cached.
export const dynamic = "force-static";
export const dynamicParams = true;

export function generateStaticParams(): { file: string }[] {
  return [];
}

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return sitemapChunkResponse(file);
}
