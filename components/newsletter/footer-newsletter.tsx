"use client";

import { usePathname } from "next/navigation";
import type { NewsletterFormWords } from "./form-words";
import { NewsletterForm } from "./newsletter-form";

/** One form per page: none in the footer under /newsletter, whose pages have their own (or, after a signup, none). */
export function FooterNewsletter({ words, label }: { words: NewsletterFormWords; label: string }) {
  const path = usePathname();
  if (path === "/newsletter" || path.startsWith("/newsletter/")) return null;
  return (
    <section aria-label={label}>
      <NewsletterForm words={words} />
    </section>
  );
}
