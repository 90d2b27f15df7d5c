import type { Metadata } from "next";
import Link from "next/link";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import styles from "./newsletter.module.css";

export const metadata: Metadata = {
  title: "Newsletter",
  description:
    "Get every new post from the team by email: one short message per post, confirmed by you, unsubscribe any time.",
  alternates: { canonical: "/newsletter" },
  openGraph: {
    title: "The newsletter",
    description: "Every new post from the team, by email. Confirmed by you, unsubscribe any time.",
    type: "website",
    url: "/newsletter",
  },
};

// Static: a no-JS post lands on its outcome page (./[outcome]), not back here with a query.
export const dynamic = "force-static";

export default function NewsletterPage() {
  return (
    <div className={`container ${styles.wrap}`}>
      <header className={styles.intro}>
        <p className={styles.kicker}>Newsletter</p>
        <h1>New posts, straight to your inbox</h1>
        <p className={styles.lede}>
          When the team publishes something on the{" "}
          <Link href="/blog" prefetch={false}>
            blog
          </Link>
          , subscribers hear about it by email. Nothing else: no roundups padded with filler, and your address
          goes nowhere but this list.
        </p>
      </header>

      <section aria-labelledby="newsletter-how" className={styles.how}>
        <h2 id="newsletter-how">How it works</h2>
        <ol>
          <li>Enter your email address below.</li>
          <li>We send you one confirmation email. Click its link so we know the address is yours.</li>
          <li>From then on, new posts arrive by email. You can unsubscribe from any of them.</li>
        </ol>
        <p className={styles.fineprint}>
          Your address is used only to send this newsletter and is never shared. Didn&apos;t get the
          confirmation? Check your spam folder, then try again: we&apos;ll send a fresh link.
        </p>
      </section>

      <NewsletterForm formId="newsletter-page" variant="page" />
    </div>
  );
}
