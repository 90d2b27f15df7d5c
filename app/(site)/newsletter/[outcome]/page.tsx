import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { sameOriginPath } from "@/lib/http/same-origin-path";
import { ALL_OUTCOMES, messageFor, outcomeFromKey, outcomeKey, toneFor } from "@/lib/newsletter/outcomes";
import styles from "../newsletter.module.css";

type Props = {
  params: Promise<{ outcome: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/*
 * Where a newsletter form posted without JavaScript lands: the one message for what happened
 * and a link back to the page the reader was on. With JavaScript the form shows the same
 * message in place, so no page has to carry every message for this path.
 */

export const dynamicParams = false;

export function generateStaticParams() {
  return ALL_OUTCOMES.map((outcome) => ({ outcome: outcomeKey(outcome) }));
}

export const metadata: Metadata = {
  title: "Newsletter",
  robots: { index: false },
};

export default async function NewsletterOutcomePage({ params, searchParams }: Props) {
  const outcome = outcomeFromKey((await params).outcome);
  if (!outcome) notFound();
  const { back } = await searchParams;
  // Only a path on this site: the query is reader-editable, and this is a link, not a redirect.
  const backTo = sameOriginPath(typeof back === "string" ? back : undefined) ?? "/newsletter";
  const tone = toneFor(outcome);
  return (
    <div className={`container ${styles.wrap}`}>
      <header className={styles.intro}>
        <p className={styles.kicker}>Newsletter</p>
        <h1>{tone === "success" ? "Thanks for subscribing" : "You're not subscribed yet"}</h1>
        <p id="newsletter-outcome" className={styles.outcome} data-tone={tone}>
          {messageFor(outcome)}
        </p>
        <p>
          <Link href={backTo} prefetch={false}>
            {tone === "success" ? "Back to where you were" : "Back, to try again"}
          </Link>
        </p>
      </header>
    </div>
  );
}
