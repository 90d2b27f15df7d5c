import { notFound } from "next/navigation";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { newsletterFormWords } from "@/components/newsletter/form-words";
import { siteText } from "@/lib/config/text";
import { messageFor, outcomeFromKey, retryEmail, toneFor } from "@/lib/newsletter/outcomes";
import { NewsletterShell } from "../shell";

// A refused no-JS form post that knows the address (/newsletter/retry?outcome=…&email=…): the message
// and the form again with what the reader typed. React writes the address as text.

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export { outcomeMetadata as generateMetadata } from "../shell";

export default async function NewsletterRetryPage({ searchParams }: Props) {
  const params = await searchParams;
  const outcome = typeof params.outcome === "string" ? outcomeFromKey(params.outcome) : undefined;
  if (!outcome || toneFor(outcome) !== "error") notFound();
  const t = siteText();
  return (
    <NewsletterShell title={t("newsletter.errorTitle")}>
      <NewsletterForm
        words={newsletterFormWords()}

        variant="page"
        defaultEmail={retryEmail(params.email)}
        initialError={{ message: messageFor(outcome, t), invalid: outcome.kind === "invalid" }}
      />
    </NewsletterShell>
  );
}
