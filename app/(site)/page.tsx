export default function HomePage() {
  return (
    <div className="container">
      <h1>Masthead</h1>
      <p>The team&apos;s public site. The blog arrives with the blog issue.</p>
    </div>
  );
}
