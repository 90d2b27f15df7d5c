import Link from "next/link";
import { notFound } from "next/navigation";
import { siteText } from "@/lib/config/text";
import { ALL_OUTCOMES, messageFor, outcomeFromKey, outcomeKey, toneFor } from "@/lib/newsletter/outcomes";
import styles from "../newsletter.module.css";
import { NewsletterShell } from "../shell";

type Props = { params: Promise<{ outcome: string }> };

// Where a form posted without JavaScript lands (/newsletter/subscribed): one prerendered page per
// outcome, nothing of the reader's in the address, so no request renders one. A refusal that knows
// what the reader typed goes to ./retry; any other address here is the prerendered 404.

export const dynamicParams = false;

export function generateStaticParams(): { outcome: string }[] {
  return ALL_OUTCOMES.map((outcome) => ({ outcome: outcomeKey(outcome) }));
}

export { outcomeMetadata as generateMetadata } from "../shell";

export default async function NewsletterOutcomePage({ params }: Props) {
  const outcome = outcomeFromKey((await params).outcome);
  if (!outcome) notFound();
  const t = siteText();
  const tone = toneFor(outcome);
  const success = tone === "success";
  return (
    <NewsletterShell
      title={t(success ? "newsletter.thanksTitle" : "newsletter.errorTitle")}
      intro={
        <>
          <p id="newsletter-outcome" className={styles.outcome} data-tone={tone}>
            {messageFor(outcome, t)}
          </p>
          <p>
            <Link href={success ? "/blog" : "/newsletter"} prefetch={false}>
              {t(success ? "newsletter.readBlog" : "newsletter.tryAgain")}
            </Link>
          </p>
        </>
      }
    />
  );
}
