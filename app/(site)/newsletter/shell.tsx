import type { Metadata } from "next";
import type { ReactNode } from "react";
import { siteText } from "@/lib/config/text";
import styles from "./newsletter.module.css";

/** The newsletter pages' frame: the kicker and title, what goes under them, then the rest. */
export function NewsletterShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`container ${styles.wrap}`}>
      <header className={styles.intro}>
        <p className={styles.kicker}>{siteText()("newsletter.kicker")}</p>
        <h1>{title}</h1>
        {intro}
      </header>
      {children}
    </div>
  );
}

/** An outcome of a form post: a page of its own, kept out of search. */
export function outcomeMetadata(): Metadata {
  return { title: siteText()("newsletter.metaTitle"), robots: { index: false } };
}
