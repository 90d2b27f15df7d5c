import type { Metadata } from "next";
import { parsePageParam } from "@/lib/blog/model";
import { authorMetadata, AuthorView, redirectToFirstPage } from "../../author-view";

type Props = { params: Promise<{ id: string; page: string }> };

// Older pages of an author render on first request, then are cached.
export function generateStaticParams(): { id: string; page: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, page } = await params;
  return authorMetadata(id, parsePageParam(page));
}

export default async function AuthorPageN({ params }: Props) {
  const { id, page } = await params;
  const n = parsePageParam(page);
  if (n === 1) await redirectToFirstPage(id);
  return <AuthorView id={id} page={n} />;
}
