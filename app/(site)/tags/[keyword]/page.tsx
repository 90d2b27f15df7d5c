import type { Metadata } from "next";
import { blogForPage } from "@/lib/blog/pages";
import { tagMetadata, TagView } from "./tag-view";

type Props = { params: Promise<{ keyword: string }> };

export async function generateStaticParams() {
  const { blog } = await blogForPage();
  return blog.keywords.map((k) => ({ keyword: k.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return tagMetadata((await params).keyword, 1);
}

export default async function TagPage({ params }: Props) {
  return <TagView slug={(await params).keyword} page={1} />;
}
