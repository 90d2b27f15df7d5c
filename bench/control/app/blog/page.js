import captured from "../captured";

export const revalidate = 300;

export default function Blog() {
  return <div dangerouslySetInnerHTML={{ __html: captured.pages["/blog"] }} />;
}
