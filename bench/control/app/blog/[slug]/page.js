import { notFound } from "next/navigation";
import captured from "../../captured";

export const revalidate = 300;

export function generateStaticParams() {
  return [{ slug: captured.post.slug }];
}

export default async function Post({ params }) {
  const { slug } = await params;
  if (slug !== captured.post.slug) notFound();
  return <div dangerouslySetInnerHTML={{ __html: captured.pages[`/blog/${slug}`] }} />;
}
