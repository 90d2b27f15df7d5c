import captured from "./captured";

export const revalidate = 300;

export default function Home() {
  return <div dangerouslySetInnerHTML={{ __html: captured.pages["/"] }} />;
}
