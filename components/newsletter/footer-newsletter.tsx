"use client";

import { usePathname } from "next/navigation";
import type { NewsletterFormWords } from "./form-words";
import { NewsletterForm } from "./newsletter-form";

/**
 * The footer's signup form, except under /newsletter, whose pages have their own form (or,
 * after a signup, none): one form per page. The path is known when the page is prerendered,
 * so the HTML is right without JavaScript.
 */
export function FooterNewsletter({ words, label }: { words: NewsletterFormWords; label: string }) {
  const path = usePathname();
  if (path === "/newsletter" || path.startsWith("/newsletter/")) return null;
  return (
    <section aria-label={label}>
      <NewsletterForm words={words} />
    </section>
  );
}
