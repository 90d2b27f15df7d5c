import "server-only";
import { siteText } from "@/lib/config/text";

/** The form's few words, so the page carries these rather than the catalogue; the last three for when no answer says. */
const WORDS = {
  title: "form.title",
  label: "form.label",
  labelPage: "form.labelPage",
  hint: "form.hint",
  placeholder: "form.placeholder",
  submit: "form.submit",
  sending: "form.sending",
  trap: "form.trap",
  offline: "form.offline",
  empty: "outcome.invalid.empty",
  subscribed: "outcome.subscribed",
  unavailable: "outcome.unavailable",
} as const;

export type NewsletterFormWords = Record<keyof typeof WORDS, string>;

export function newsletterFormWords(): NewsletterFormWords {
  const t = siteText();
  return Object.fromEntries(
    Object.entries(WORDS).map(([word, key]) => [word, t(key)]),
  ) as NewsletterFormWords;
}
