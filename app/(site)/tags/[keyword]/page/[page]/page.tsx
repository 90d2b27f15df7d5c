import type { Metadata } from "next";
import { parsePageParam } from "@/lib/blog/model";
import { redirectToFirstPage, tagMetadata, TagView } from "../../tag-view";

type Props = { params: Promise<{ keyword: string; page: string }> };

// Older pages of a topic render on first request, then are cached.
export function generateStaticParams(): { keyword: string; page: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { keyword, page } = await params;
  return tagMetadata(keyword, parsePageParam(page));
}

export default async function TagPageN({ params }: Props) {
  const { keyword, page } = await params;
  const n = parsePageParam(page);
  if (n === 1) await redirectToFirstPage(keyword);
  return <TagView slug={keyword} page={n} />;
}
