import type { Metadata } from "next";
import { blogForPage } from "@/lib/blog/pages";
import { authorMetadata, AuthorView } from "./author-view";

type Props = { params: Promise<{ id: string }> };

export async function generateStaticParams() {
  const { blog } = await blogForPage();
  return blog.authors.map((a) => ({ id: a.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return authorMetadata((await params).id, 1);
}

export default async function AuthorPage({ params }: Props) {
  return <AuthorView id={(await params).id} page={1} />;
}
