import "server-only";
import { siteText } from "@/lib/config/text";
import type { NewsletterFormWords } from "./newsletter-form";

/** The newsletter form's words in the site's language, handed to the client component as props. */
export function newsletterFormWords(): NewsletterFormWords {
  const t = siteText();
  return {
    title: t("form.title"),
    label: t("form.label"),
    labelPage: t("form.labelPage"),
    hint: t("form.hint"),
    placeholder: t("form.placeholder"),
    submit: t("form.submit"),
    sending: t("form.sending"),
    trap: t("form.trap"),
    offline: t("form.offline"),
    empty: t("outcome.invalid.empty"),
    subscribed: t("outcome.subscribed"),
    unavailable: t("outcome.unavailable"),
  };
}
