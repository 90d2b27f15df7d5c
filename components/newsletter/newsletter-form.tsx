/** Footer newsletter form; the newsletter issue makes it progressive (no-JS post, live region). */
export function NewsletterForm() {
  return (
    <form action="/api/newsletter" method="post">
      <label htmlFor="newsletter-email">Get new posts by email</label>{" "}
      <input id="newsletter-email" name="email" type="email" required autoComplete="email" />{" "}
      <button type="submit">Subscribe</button>
    </form>
  );
}
