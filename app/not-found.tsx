import Link from "next/link";

export default function NotFound() {
  return (
    <main id="main" className="container" style={{ padding: "4rem 1.25rem" }}>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link href="/">Go to the home page</Link> or <Link href="/blog">browse the blog</Link>.
      </p>
    </main>
  );
}
