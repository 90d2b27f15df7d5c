import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { sameOriginPath } from "@/lib/http/same-origin-path";
import { messageFor, outcomeFromKey, toneFor } from "@/lib/newsletter/outcomes";
import styles from "../../newsletter.module.css";

type Props = { params: Promise<{ outcome: string; back?: string[] }> };

/*
 * Where a newsletter form posted without JavaScript lands: the one message for what happened
 * and a link back to the page the reader was on, which is the rest of the address
 * (/newsletter/subscribed/blog/some-post goes back to /blog/some-post). A path, not a query:
 * the server drops query strings that a route does not read (lib/http/request-start.ts).
 * With JavaScript the form shows the same message in place, so no page has to carry every
 * message for this path. An unknown outcome is a 404.
 */

// Rendered per request (any page of the site can be the way back); nothing here is cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Newsletter",
  robots: { index: false },
};

export default async function NewsletterOutcomePage({ params }: Props) {
  const { outcome: key, back = [] } = await params;
  const outcome = outcomeFromKey(key);
  if (!outcome) notFound();
  // Only a path on this site: the address is reader-editable, and this is a link, not a redirect.
  const backTo = sameOriginPath(`/${back.join("/")}`) ?? "/newsletter";
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
